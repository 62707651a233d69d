/** A customer's record in the back office's customer book. */
export const customerPath = (id: string): string => `/admin/customers/${id}`;
