import { SERVICE_CATEGORIES, type ServiceCategory } from '../../../shared/constants';
import type { Service } from '../../../shared/schemas/service';

export interface ServiceGroup {
  category: ServiceCategory;
  services: Service[];
}

/** Services by category in the salon's own category order; categories with none are left out. */
export function groupServicesByCategory(services: readonly Service[]): ServiceGroup[] {
  return SERVICE_CATEGORIES.map((category) => ({
    category,
    services: services.filter((service) => service.category === category),
  })).filter((group) => group.services.length > 0);
}
