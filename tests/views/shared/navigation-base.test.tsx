import { describe, expect, it } from 'vitest';
import { navigationBase } from '#src/components/navigation-base';
import { sidebarFor } from '#src/views/shared/navigation';

/** Spec, first document section 2: the navigation base and the sidebar's default base. */
describe('navigation base', () => {
  it('follows the path inside either back office, whoever asks', () => {
    expect(navigationBase('/admin/menu', { is_superadmin: false })).toBe('admin');
    expect(navigationBase('/backoffice', { is_superadmin: true })).toBe('backoffice');
  });

  it('sends superadmins to /admin and everyone else to /backoffice from anywhere else', () => {
    expect(navigationBase('/', { is_superadmin: true })).toBe('admin');
    expect(navigationBase('/onboard/4/location', { is_superadmin: true })).toBe('admin');
    expect(navigationBase('/administrator', { is_superadmin: false })).toBe('backoffice');
    expect(navigationBase('/', null)).toBe('backoffice');
  });

  it('draws the /admin sidebar when no base is given', () => {
    expect(sidebarFor().map((entry) => entry.screen)).toContain('territories');
    expect(sidebarFor('backoffice').map((entry) => entry.screen)).not.toContain('territories');
  });
});
