import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm, type SetFieldValue, type UseFormReturnType } from '@mantine/form';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import type { z } from 'zod';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { ImageInput, pickedImageData } from '@/client/components/forms/image-input';
import { showServerFieldErrors } from '@/client/components/forms/server-field-errors';
import { AdminFormModal } from './admin-form-modal';
import type { ModalTarget } from './use-modal-target';

const SAVE_FAILED = 'Failed to save';

/** A catalogue record with a picture: a service, a specialist, a discount. */
interface PicturedRecord {
  _id: string;
  image: { url: string };
}

/** What the form of one record gets from EntityFormModal: the record (null for "add"). */
export interface EntityFormProps<Item> {
  item: Item | null;
  onSaved: () => void;
}

/**
 * "Add {noun}" when the target has no record, "Edit {noun}" when it has one;
 * the form starts afresh on every opening.
 */
export function EntityFormModal<Item>({
  target,
  noun,
  form: Form,
}: {
  target: ModalTarget<Item>;
  /** E.g. "Service". */
  noun: string;
  form: ComponentType<EntityFormProps<Item>>;
}) {
  return (
    <AdminFormModal opened={target.opened} onClose={target.close} title={target.item ? `Edit ${noun}` : `Add ${noun}`}>
      <Form key={target.key} item={target.item} onSaved={target.close} />
    </AdminFormModal>
  );
}

interface SaveHandlers {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/** The part of a tRPC mutation (`trpc.admin.services.create`) the form uses. */
interface SaveProcedure<Input> {
  useMutation: (handlers: SaveHandlers) => { mutateAsync: (input: Input) => Promise<unknown>; isPending: boolean };
}

/** A record form's schema: the fields and the picked picture (a File). */
type PicturedFormSchema = z.ZodType<{ image?: File | null }>;
type SavedFields<Schema extends PicturedFormSchema> = Omit<z.output<Schema>, 'image'>;

interface EntityFormOptions<
  Item extends PicturedRecord,
  Values extends { image: File | null },
  Schema extends PicturedFormSchema,
> extends EntityFormProps<Item> {
  /** E.g. "Service", for the "Add Service" button. */
  noun: string;
  /** What the picture shows, for the preview's alt text. */
  imageName: string | undefined;
  /** The form's schema; its argument says whether the record has its picture already (editing). */
  schemaFor: (hasImage: boolean) => Schema;
  initialValues: Values;
  create: SaveProcedure<SavedFields<Schema> & { image: string }>;
  update: SaveProcedure<SavedFields<Schema> & { id: string; image: string | undefined }>;
  /** The toasts after a create and after an update. */
  messages: { created: string; updated: string };
  /** Refreshes whatever shows the saved record (query invalidation). */
  onSuccess: () => void;
  /** The fields between the picture and the buttons. */
  children: (form: UseFormReturnType<Values>) => ReactNode;
}

/**
 * The add/edit form of a catalogue record: its picture, its fields, Cancel and submit. On submit
 * it reads the picked picture as base64 and creates the record, or updates it (keeping the stored
 * picture when none was picked); the server's field messages land under the fields.
 */
export function EntityForm<
  Item extends PicturedRecord,
  Values extends { image: File | null },
  Schema extends PicturedFormSchema,
>({
  item,
  onSaved,
  noun,
  imageName,
  schemaFor,
  initialValues,
  create,
  update,
  messages,
  onSuccess,
  children,
}: EntityFormOptions<Item, Values, Schema>) {
  const schema = useMemo(() => schemaFor(item !== null), [schemaFor, item]);
  const form = useForm<Values>({
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
  });
  // Every record form has the picture field (its type says so); seen as such, it can be set.
  const setImage: SetFieldValue<{ image: File | null }> = form.setFieldValue;
  const handlers = (message: string): SaveHandlers => ({
    onSuccess: () => {
      onSuccess();
      notifySuccess(message);
      onSaved();
    },
    onError: (error) => {
      notifyError(error, SAVE_FAILED);
      showServerFieldErrors(form, error);
    },
  });
  const createMutation = create.useMutation(handlers(messages.created));
  const updateMutation = update.useMutation(handlers(messages.updated));

  const submit = form.onSubmit(async (values) => {
    // Validation passed, so parsing gives the trimmed strings, numbers and times the schema promises.
    const { image: file, ...fields } = schema.parse(values);
    const image = await pickedImageData(file, (message) => form.setFieldError('image', message));
    if (image === null) return;
    if (item) {
      await updateMutation.mutateAsync({ id: item._id, ...fields, image }).catch(() => undefined);
    } else if (image !== undefined) {
      await createMutation.mutateAsync({ ...fields, image }).catch(() => undefined);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <ImageInput
          label="Image"
          value={form.values.image}
          onChange={(file) => setImage('image', file)}
          error={form.errors.image}
          currentUrl={item?.image.url ?? null}
          name={imageName}
          required={!item}
        />
        {children(form)}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onSaved}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting || createMutation.isPending || updateMutation.isPending}>
            {item ? 'Save changes' : `Add ${noun}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
