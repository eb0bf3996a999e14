import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AUTH_MESSAGES, signInSchema, type SignInInput } from '@/domain/auth';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useSignIn } from '../api/sign-in';

/** E-mail, password and 'Sign in' (admin §2 Admin login, §5). */
export function LoginForm() {
  const signIn = useSignIn();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const problem = form.formState.errors.email?.message ?? form.formState.errors.password?.message;
  const failure = signIn.error ? AUTH_MESSAGES.loginFailed(signIn.error.message) : null;

  const onSubmit = form.handleSubmit(
    (input) =>
      signIn.mutate(input, {
        onError: (error) => toast.error(AUTH_MESSAGES.loginFailed(error.message)),
      }),
    () => toast.error(AUTH_MESSAGES.missingCredentials),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {(problem || failure) && (
        <Alert variant="destructive">
          <AlertDescription>{problem ? AUTH_MESSAGES.missingCredentials : failure}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          type="email"
          autoComplete="username"
          placeholder="you@example.com"
          {...form.register('email')}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="password">Password</Label>
        <Input id="password" type="password" autoComplete="current-password" {...form.register('password')} />
      </div>
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        {signIn.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <LogIn aria-hidden />}
        Sign in
      </Button>
    </form>
  );
}
