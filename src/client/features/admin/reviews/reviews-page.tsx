import { Badge, Button, Group, Rating, SegmentedControl, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ReviewStatus } from '@/shared/constants';
import type { Review } from '@/shared/schemas/reviews';
import { AdminPageHeader } from '@/client/components/admin/admin-page-header';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { ConfirmDeleteModal } from '@/client/components/admin/confirm-delete-modal';
import { RowActions } from '@/client/components/admin/row-actions';
import { matchesSearch, useSearch } from '@/client/components/admin/search';
import { useModalTarget } from '@/client/components/admin/use-modal-target';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { trpc } from '@/client/lib/trpc';
import { PersonAvatar } from '@/client/components/person-avatar';
import { useApproveReview, useDeleteReview } from './api/reviews';
import classes from './reviews-page.module.css';

const FETCH_FAILED = 'An error occurred';

type StatusFilter = 'all' | ReviewStatus;
const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'Pending', label: 'Pending' },
  { value: 'Approved', label: 'Approved' },
];
const isStatusFilter = (value: string): value is StatusFilter =>
  STATUS_FILTERS.some((filter) => filter.value === value);

export function ReviewsPage() {
  // Every review is loaded once: the counts need them all, and the filter then costs no request.
  const reviewsQuery = trpc.admin.reviews.list.useQuery();
  useErrorToast(reviewsQuery.error, FETCH_FAILED, 'admin-reviews-fetch-error');
  const search = useSearch();
  const [status, setStatus] = useState<StatusFilter>('all');
  const deleting = useModalTarget<Review>();
  const approve = useApproveReview();
  const remove = useDeleteReview(deleting.close);

  const reviews = reviewsQuery.data;
  const shown = useMemo(
    () =>
      reviews?.filter(
        (review) =>
          (status === 'all' || review.status === status) &&
          matchesSearch(search.query, review.user.fullName, review.service.name, review.comment),
      ),
    [reviews, status, search.query],
  );
  const countOf = (wanted: ReviewStatus) => reviews?.filter((review) => review.status === wanted).length;

  const columns: AdminColumn<Review>[] = [
    {
      header: 'User',
      card: 'title',
      cell: (review) => (
        <Group gap="sm" wrap="nowrap">
          <PersonAvatar person={review.user} size="sm" />
          <Text fw={500} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {review.user.fullName}
          </Text>
        </Group>
      ),
    },
    { header: 'Service', cell: (review) => review.service.name },
    {
      header: 'Rating',
      cell: (review) => (
        <Rating value={review.rating} readOnly size="sm" aria-label={`${review.rating} out of 5 stars`} />
      ),
    },
    {
      header: 'Comment',
      cell: (review) => (
        <Text size="sm" lineClamp={3} maw={360} title={review.comment} className={classes.comment}>
          {review.comment}
        </Text>
      ),
    },
    {
      header: 'Status',
      card: 'status',
      cell: (review) => (
        <Badge color={review.status === 'Approved' ? 'green' : 'yellow'} variant="light" miw="max-content">
          {review.status}
        </Badge>
      ),
    },
    {
      header: 'Actions',
      card: 'actions',
      width: 150,
      cell: (review) => (
        <RowActions name={`the review by ${review.user.fullName}`} onDelete={() => deleting.open(review)}>
          {review.status === 'Pending' ? (
            <Button
              size="compact-sm"
              variant="light"
              color="green"
              aria-label={`Approve the review by ${review.user.fullName}`}
              loading={approve.isPending && approve.variables.id === review._id}
              onClick={() => approve.mutate({ id: review._id })}
            >
              Approve
            </Button>
          ) : null}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Reviews"
        search={search}
        searchLabel="Search reviews"
        counts={[
          { label: 'Total Reviews', value: reviews?.length },
          { label: 'Pending', value: countOf('Pending') },
          { label: 'Approved', value: countOf('Approved') },
        ]}
        filters={
          <SegmentedControl
            aria-label="Status"
            data={STATUS_FILTERS}
            value={status}
            onChange={(value) => {
              if (isStatusFilter(value)) setStatus(value);
            }}
          />
        }
      />
      <AdminTable
        label="Reviews"
        columns={columns}
        items={shown}
        getKey={(review) => review._id}
        loading={reviewsQuery.isPending}
        error={reviewsQuery.error}
        errorFallback={FETCH_FAILED}
        onRetry={() => void reviewsQuery.refetch()}
        emptyText="No reviews found"
        minWidth={900}
      />
      <ConfirmDeleteModal
        opened={deleting.opened}
        onClose={deleting.close}
        title="Delete review"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting.item) remove.mutate({ id: deleting.item._id });
        }}
      >
        Delete the review by <b>{deleting.item?.user.fullName}</b> of {deleting.item?.service.name}? This cannot be
        undone.
      </ConfirmDeleteModal>
    </>
  );
}
