import { Button, Grid, Group, MultiSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo } from 'react';
import { DISCOUNT_PERCENT_MAX, DISCOUNT_PERCENT_MIN, SERVICE_CATEGORIES } from '../../../shared/constants';
import { discountFormSchema, type Discount } from '../../../shared/schemas/discount';
import { AdminFormModal } from '../../components/admin/admin-form-modal';
import type { ModalTarget } from '../../components/admin/use-modal-target';
import { ImageInput, pickedImageData } from '../../components/forms/image-input';
import { serverFieldErrors } from '../../components/forms/server-field-errors';
import { categoryLabel } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

const SAVE_FAILED = 'Failed to save';
const CATEGORY_OPTIONS = SERVICE_CATEGORIES.map((category) => ({ value: category, label: categoryLabel(category) }));

interface DiscountValues {
  image: File | null;
  title: string;
  percentage: number | string;
  category: string[];
  description: string;
  /** `YYYY-MM-DD`, as a date input gives it. */
  validFrom: string;
  validTill: string;
}

function initialValues(discount: Discount | null): DiscountValues {
  return {
    image: null,
    title: discount?.title ?? '',
    percentage: discount?.percentage ?? '',
    category: discount ? [...discount.category] : [],
    description: discount?.description ?? '',
    validFrom: discount?.validFrom ?? '',
    validTill: discount?.validTill ?? '',
  };
}

/** Add Discount when the target has no discount, Edit Discount when it has one (spec section 4). */
export function DiscountFormModal({ target }: { target: ModalTarget<Discount> }) {
  return (
    <AdminFormModal opened={target.opened} onClose={target.close} title={target.item ? 'Edit Discount' : 'Add Discount'}>
      <DiscountForm key={target.key} discount={target.item} onSaved={target.close} />
    </AdminFormModal>
  );
}

function DiscountForm({ discount, onSaved }: { discount: Discount | null; onSaved: () => void }) {
  const utils = trpc.useUtils();
  // Valid Till is checked against the browser's today as of opening the form; the server
  // checks again against today in the salon's time zone.
  const schema = useMemo(() => discountFormSchema(discount !== null), [discount]);
  const form = useForm<DiscountValues>({
    initialValues: initialValues(discount),
    validate: schemaResolver(schema, { sync: true }),
  });
  const handlers = (message: string) => ({
    onSuccess: () => {
      void utils.admin.discounts.invalidate();
      void utils.public.discounts.invalidate();
      notifySuccess(message);
      onSaved();
    },
    onError: (error: unknown) => {
      notifyError(error, SAVE_FAILED);
      form.setErrors(serverFieldErrors(error));
    },
  });
  const create = trpc.admin.discounts.create.useMutation(handlers('Discount created'));
  const update = trpc.admin.discounts.update.useMutation(handlers('Discount updated'));

  const submit = form.onSubmit(async (values) => {
    // Validation passed, so parsing gives the trimmed strings and numbers the schema promises.
    const { image: file, ...fields } = schema.parse(values);
    const image = await pickedImageData(file, (message) => form.setFieldError('image', message));
    if (image === null) return;
    if (discount) {
      await update.mutateAsync({ id: discount._id, ...fields, image }).catch(() => undefined);
    } else if (image !== undefined) {
      await create.mutateAsync({ ...fields, image }).catch(() => undefined);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <ImageInput
          label="Image"
          value={form.values.image}
          onChange={(file) => form.setFieldValue('image', file)}
          error={form.errors.image}
          currentUrl={discount?.image.url ?? null}
          name={discount?.title}
          required={!discount}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, xs: 8 }}>
            <TextInput label="Title" required {...form.getInputProps('title')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 4 }}>
            <NumberInput
              label="Percentage"
              required
              min={DISCOUNT_PERCENT_MIN}
              max={DISCOUNT_PERCENT_MAX}
              allowDecimal={false}
              clampBehavior="none"
              suffix="%"
              hideControls
              {...form.getInputProps('percentage')}
            />
          </Grid.Col>
        </Grid>
        <MultiSelect
          label="Categories"
          placeholder={form.values.category.length === 0 ? 'Choose the categories it applies to' : undefined}
          required
          data={CATEGORY_OPTIONS}
          hidePickedOptions
          {...form.getInputProps('category')}
        />
        <Textarea
          label="Description"
          description="Optional"
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="Valid From" type="date" required {...form.getInputProps('validFrom')} />
          <TextInput label="Valid Till" type="date" required {...form.getInputProps('validTill')} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onSaved}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting || create.isPending || update.isPending}>
            {discount ? 'Save changes' : 'Add Discount'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
