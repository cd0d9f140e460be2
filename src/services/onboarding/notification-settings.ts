import { NotificationSettings } from '../../../contracts/onboarding';
import { paths } from '../../../contracts/shared/paths';
import { api } from '../shared/api';

/** The Store screen's Notifications section (issue 40): whether new orders are mailed to the restaurant. */

export function loadNotificationSettings({ restaurantId }: { restaurantId: number }): Promise<NotificationSettings> {
  return api.get(paths.restaurantSettings(restaurantId, 'notifications'), { struct: NotificationSettings });
}

export function saveNotificationSettings({ restaurantId, settings }: { restaurantId: number; settings: NotificationSettings }): Promise<NotificationSettings> {
  return api.put(paths.restaurantSettings(restaurantId, 'notifications'), settings, { struct: NotificationSettings });
}
