// The review form's heading, in a module of its own: the services page, which defers the form,
// names it too (its placeholder's heading) without loading the form's code.
export const REVIEW_FORM_TITLE = 'Leave a review';
