import { useEffect, useState } from 'react';
import { Check, Loader2, Mail } from 'lucide-react';
import { toast } from 'sonner';
import { saveEmailSchema } from '@/domain/checkout';
import { Button } from '@/web/components/ui/button';
import { useSaveTransformationEmail } from '../api/save-transformation-email';
import { TextField } from './text-field';

/**
 * The save box: keeps the visitor's artwork under their e-mail. It follows the contact e-mail
 * until the visitor types in it; Save is enabled only for a valid address not saved yet.
 */
export function SaveEmailBox({
  contactEmail,
  transformationIds,
  savedEmail,
  onSaved,
}: {
  contactEmail: string;
  transformationIds: string[];
  savedEmail: string | null;
  onSaved: (email: string) => void;
}) {
  const [email, setEmail] = useState(contactEmail);
  const [edited, setEdited] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveTransformationEmail();
  useEffect(() => {
    if (!edited) setEmail(contactEmail);
  }, [contactEmail, edited]);

  const parsed = saveEmailSchema.safeParse(email);
  const address = parsed.success ? parsed.data : null;
  const alreadySaved = address !== null && address.toLowerCase() === savedEmail?.toLowerCase();
  const canSave = address !== null && !alreadySaved && !save.isPending;
  const problem = edited && !parsed.success ? parsed.error.issues[0]!.message : undefined;

  const submit = () => {
    if (!address || !canSave) return;
    setFailure(null);
    save.mutate(
      { transformationIds, email: address },
      {
        onSuccess: () => {
          onSaved(address);
          toast.success('Email saved');
        },
        onError: (error) => {
          setFailure(error.message);
          toast.error(error.message);
        },
      },
    );
  };

  return (
    <div className="rounded-lg border border-dashed bg-muted/40 p-4" data-testid="save-email-box">
      <p className="flex items-center gap-2 text-sm font-medium">
        <Mail className="size-4 text-accent" aria-hidden /> Save your artwork to your e-mail
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        We keep your artwork with your address, so you can come back to it later.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Email to save"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          className="flex-1"
          value={email}
          error={problem}
          onChange={(event) => {
            setEdited(true);
            setFailure(null);
            setEmail(event.target.value);
          }}
          onKeyDown={(event) => {
            // Enter saves here instead of moving the wizard on.
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button type="button" variant="outline" className="sm:mt-[22px]" disabled={!canSave} onClick={submit}>
          {save.isPending ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : alreadySaved ? (
            <Check aria-hidden />
          ) : null}
          {alreadySaved ? 'Saved' : 'Save Email'}
        </Button>
      </div>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {failure}
        </p>
      )}
    </div>
  );
}
