import { router } from '../../trpc/init';
import { adminAuthRouter } from './admin-auth';
import { authRouter } from './auth';
import { contactRouter } from './contact';
import { publicServicesRouter } from './services';

export const publicRouter = router({
  auth: authRouter,
  adminAuth: adminAuthRouter,
  contact: contactRouter,
  services: publicServicesRouter,
});
