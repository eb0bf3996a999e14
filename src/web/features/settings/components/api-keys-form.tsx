/**
 * API Configuration (admin §2 Settings): password fields for the image-AI and print-provider
 * keys. A saved key is never shown again: only that one is set, and its last 4 characters.
 */
import { KeyRound, Loader2, Save, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { SETTINGS_MESSAGES, type SecretSettingKey, type SecretSettingView } from '@/domain/admin-settings';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useSettings } from '../api/get-settings';
import { useSaveSettings } from '../api/save-settings';

export function ApiKeysForm() {
  const settings = useSettings();
  const save = useSaveSettings();
  const [drafts, setDrafts] = useState<Partial<Record<SecretSettingKey, string>>>({});

  const submit = (keys: Partial<Record<SecretSettingKey, string | null>>) =>
    save.mutate(
      { keys },
      {
        onSuccess: () => {
          setDrafts({});
          toast.success(SETTINGS_MESSAGES.saved);
        },
        onError: (error) => toast.error(SETTINGS_MESSAGES.saveFailed, { description: error.message }),
      },
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const filled = Object.fromEntries(Object.entries(drafts).filter(([, value]) => value && value.trim() !== ''));
    submit(filled);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>API Configuration</CardTitle>
        <CardDescription>
          Keys are stored encrypted and never shown again. A key set in the server&apos;s environment takes precedence.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-56" />
        ) : settings.isError ? (
          <p className="text-sm text-destructive">
            {SETTINGS_MESSAGES.loadFailed}: {settings.error.message}
          </p>
        ) : (
          <form onSubmit={onSubmit} className="flex flex-col gap-6" autoComplete="off">
            {settings.data.keys.map((key) => (
              <KeyField
                key={key.key}
                setting={key}
                value={drafts[key.key] ?? ''}
                onChange={(value) => setDrafts((current) => ({ ...current, [key.key]: value }))}
                onRemove={() => submit({ [key.key]: null })}
                busy={save.isPending}
              />
            ))}
            <div>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
                Save Settings
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function KeyField({
  setting,
  value,
  onChange,
  onRemove,
  busy,
}: {
  setting: SecretSettingView;
  value: string;
  onChange: (value: string) => void;
  onRemove: () => void;
  busy: boolean;
}) {
  const id = `setting-${setting.key}`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={id} className="flex items-center gap-2">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden />
          {setting.label}
        </Label>
        <KeyState setting={setting} />
      </div>
      <p className="text-xs text-muted-foreground">{setting.description}</p>
      <div className="flex gap-2">
        <Input
          id={id}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={value}
          placeholder={setting.isSet ? `Saved key ending in ${setting.last4} — type to replace` : setting.placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
        {setting.source === 'saved' && (
          <Button
            type="button"
            variant="outline"
            onClick={onRemove}
            disabled={busy}
            aria-label={`Remove the saved ${setting.label}`}
          >
            <Trash2 aria-hidden />
            <span className="hidden sm:inline">Remove</span>
          </Button>
        )}
      </div>
    </div>
  );
}

function KeyState({ setting }: { setting: SecretSettingView }) {
  if (setting.source === 'environment') {
    return (
      <Badge variant="secondary">
        Set by {setting.envVar} · …{setting.last4}
      </Badge>
    );
  }
  if (setting.source === 'saved') return <Badge variant="success">Saved · …{setting.last4}</Badge>;
  return <Badge variant="outline">Not set</Badge>;
}
