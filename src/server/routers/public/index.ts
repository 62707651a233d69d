import { router } from '../../trpc/init';
import { publicServicesRouter } from './services';

export const publicRouter = router({
  services: publicServicesRouter,
});
