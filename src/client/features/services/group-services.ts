import { SERVICE_CATEGORIES, type ServiceCategory } from '@/shared/constants';
import type { Service } from '@/shared/schemas/services';

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

/** The id of a category's section on /service, so other pages can link to `/service#<id>`. */
export function categorySectionId(category: string): string {
  return `category-${category.toLowerCase().replace(/\s+/g, '-')}`;
}
