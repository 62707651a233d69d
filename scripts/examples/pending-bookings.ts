import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from '@/server/routers';
const salon = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${process.env.SALON_URL ?? 'http://localhost:3000'}/trpc`, headers: { authorization: `Bearer ${process.env.SALON_API_TOKEN ?? ''}` } })] });
const { bookings } = await salon.admin.bookings.list.query({ status: 'pending', all: true });
for (const b of bookings) console.log(b.bookingDate, b.timeSlot, b.user.fullName, b.service.name);
