import { Button, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, type SubmitEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { COMMENT_MIN_LENGTH, RATING_MAX } from '@/shared/constants';
import type { Service } from '@/shared/schemas/services';
import { createReviewSchema } from '@/shared/schemas/reviews';
import { StarRatingInput } from '@/client/components/public/star-rating-input';
import { categoryLabel } from '@/client/lib/format';
import { notifyProblem } from '@/client/lib/notify';
import { useUserAuth } from '@/client/lib/auth/user-auth-store';
import { authPagePath, returnPathFrom } from '@/client/lib/return-path';
import { groupServicesByCategory } from './group-services';
import { clearReviewDraft, emptyReview, readReviewDraft, saveReviewDraft, type ReviewFormValues } from './review-draft';
import { LiveForm } from '@/client/components/forms/live-form';
import { useCreateReview } from './api/reviews';
import { REVIEW_FORM_TITLE } from './review-form-title';

/**
 * The comment grows with its text, from three lines to eight, where the browser can size a field
 * to its content (CSS field-sizing); elsewhere it starts at three and the visitor can drag it taller,
 * up to eight. Mantine's
 * autosize measured the field as the form appeared: a forced layout of the whole page, a long
 * task on a phone (docs/performance.md).
 */
const COMMENT_STYLES = {
  input: { fieldSizing: 'content', resize: 'vertical', minHeight: 'calc(3lh + 1rem)', maxHeight: 'calc(8lh + 1rem)' },
} as const;

/**
 * The review form of the Services page. A guest who submits is asked to
 * log in and sent to /login, their text kept for their return; a customer's review is sent and
 * waits for the salon's approval before it appears on the site.
 */
export function ReviewForm({
  services,
  servicesLoading,
  linkedService,
}: {
  services: readonly Service[];
  servicesLoading: boolean;
  /** The service a review-request e-mail's link names (`/service?review=<id>`): picked for the visitor. */
  linkedService?: string | undefined;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const { isAuthenticated, status } = useUserAuth();
  // Until the server has said who is here, a submit could wrongly send a customer to /login.
  const settling = status === 'idle' || status === 'loading';
  // Only a service on offer: a stale link (the service since removed) leaves the field to the visitor.
  const linked = linkedService && services.some((service) => service._id === linkedService) ? linkedService : '';
  const form = useForm<ReviewFormValues>({
    initialValues: { ...emptyReview, service: linked },
    validate: schemaResolver(createReviewSchema, { sync: true }),
  });

  // The list may arrive after the form (a retry after a failed load): pick the linked service then,
  // unless the visitor has already picked one.
  const { getValues, setFieldValue } = form;
  useEffect(() => {
    if (linked && getValues().service === '') setFieldValue('service', linked);
  }, [linked, getValues, setFieldValue]);

  // A kept draft is restored once, after the first render (which must match a server-rendered
  // page's); later visits start empty unless the guest saves another.
  const { setValues } = form;
  useEffect(() => {
    const draft = readReviewDraft();
    if (!draft) return;
    setValues(draft);
    clearReviewDraft();
  }, [setValues]);

  const createReview = useCreateReview({
    form,
    onSent: () => {
      form.setValues(emptyReview);
      form.resetDirty(emptyReview);
      form.clearErrors();
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    if (!isAuthenticated) {
      event.preventDefault();
      saveReviewDraft(form.getValues());
      notifyProblem('Please login to submit a review.');
      // Back to this form afterwards (the page's #review section), its text restored from the draft.
      void navigate(authPagePath('/login', returnPathFrom({ ...location, hash: '#review' })));
      return;
    }
    form.onSubmit((values) => {
      createReview.mutate(values);
    })(event);
  };

  const serviceOptions = groupServicesByCategory(services).map((group) => ({
    group: categoryLabel(group.category),
    items: group.services.map((service) => ({ value: service._id, label: service.name })),
  }));
  const ratingError = form.errors.rating;

  return (
    <Paper
      component="section"
      aria-labelledby="review-form-title"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      maw={640}
    >
      <Title order={2} id="review-form-title">
        {REVIEW_FORM_TITLE}
      </Title>
      <Text mt="xs" size="sm">
        Tell others about your visit. Reviews appear on our site once the salon has approved them.
        {isAuthenticated || settling ? null : ' You will be asked to log in before your review is sent.'}
      </Text>

      <LiveForm legend="Your review" onSubmit={submit}>
        <Stack gap="md" mt="lg">
          <Select
            label="Service"
            placeholder={servicesLoading ? 'Loading services…' : 'Pick the service you had'}
            data={serviceOptions}
            disabled={servicesLoading}
            allowDeselect={false}
            nothingFoundMessage="No services to review yet"
            // Options only in the page while the list is open: the service names are already on
            // the page as card headings, and a hidden copy of each would be found alongside them.
            comboboxProps={{ keepMounted: false }}
            required
            {...form.getInputProps('service')}
          />

          <StarRatingInput
            label="Rating"
            required
            count={RATING_MAX}
            value={form.getValues().rating}
            onChange={(value) => {
              form.setFieldValue('rating', value);
            }}
            error={typeof ratingError === 'string' ? ratingError : undefined}
          />

          <Textarea
            label="Comment"
            description={`At least ${COMMENT_MIN_LENGTH} characters.`}
            rows={3}
            styles={COMMENT_STYLES}
            required
            {...form.getInputProps('comment')}
          />

          <Button type="submit" loading={createReview.isPending || settling} style={{ alignSelf: 'flex-start' }}>
            Submit review
          </Button>
        </Stack>
      </LiveForm>
    </Paper>
  );
}
