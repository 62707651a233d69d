import { Grid, MultiSelect, NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { localCalendarDay } from '@/shared/calendar-days';
import { DISCOUNT_PERCENT_MAX, DISCOUNT_PERCENT_MIN, SERVICE_CATEGORIES } from '@/shared/constants';
import { discountFormSchema, type Discount } from '@/shared/schemas/discounts';
import { EntityForm, EntityFormModal, type EntityFormProps } from '@/client/components/admin/entity-form';
import { DateField } from '@/client/components/forms/date-field';
import type { ModalTarget } from '@/client/components/admin/use-modal-target';
import { categoryLabel } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { useInvalidateDiscounts } from './api/discounts';

const CATEGORY_OPTIONS = SERVICE_CATEGORIES.map((category) => ({ value: category, label: categoryLabel(category) }));

interface DiscountValues {
  image: File | null;
  title: string;
  percentage: number | string;
  category: string[];
  description: string;
  /** `YYYY-MM-DD`, as the date field gives it. */
  validFrom: string;
  validTill: string;
}

/** `YYYY-MM-DD` days compare as text; a blank one does not count. */
const laterDay = (day: string, other: string) => (other > day ? other : day);

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

/** Add Discount when the target has no discount, Edit Discount when it has one. */
export function DiscountFormModal({ target }: { target: ModalTarget<Discount> }) {
  return <EntityFormModal target={target} noun="Discount" form={DiscountForm} />;
}

function DiscountForm({ item: discount, onSaved }: EntityFormProps<Discount>) {
  const invalidate = useInvalidateDiscounts();
  return (
    <EntityForm
      item={discount}
      onSaved={onSaved}
      noun="Discount"
      imageName={discount?.title}
      // Valid Till is checked against the browser's today as of opening the form; the server
      // checks again against today in the salon's time zone.
      schemaFor={discountFormSchema}
      initialValues={initialValues(discount)}
      create={trpc.admin.discounts.create}
      update={trpc.admin.discounts.update}
      messages={{ created: 'Discount created', updated: 'Discount updated' }}
      onSuccess={invalidate}
    >
      {(form) => (
        <>
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
            <DateField label="Valid From" required {...form.getInputProps('validFrom')} />
            <DateField
              label="Valid Till"
              required
              // The schema's rule: not in the past, not before Valid From.
              minDate={laterDay(localCalendarDay(), form.values.validFrom)}
              {...form.getInputProps('validTill')}
            />
          </SimpleGrid>
        </>
      )}
    </EntityForm>
  );
}
