import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { resetPasswordFormSchema } from '@/shared/schemas/auth';
import { LiveForm } from '@/client/components/forms/live-form';

/**
 * A new password typed twice, for a link's one step: a reset (customers and staff) and a new
 * member of staff's invitation. `children` go under the button.
 */
export function ChoosePasswordForm({
  submitLabel,
  pending,
  onChoose,
  children,
}: {
  submitLabel: string;
  pending: boolean;
  onChoose: (password: string) => void;
  children?: ReactNode;
}) {
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });
  return (
    <LiveForm legend="Your new password" onSubmit={form.onSubmit(({ password }) => onChoose(password))}>
      <Stack gap="md">
        <PasswordInput label="New password" autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={pending}>
          {submitLabel}
        </Button>
        {children}
      </Stack>
    </LiveForm>
  );
}
