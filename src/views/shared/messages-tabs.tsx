import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/UnstyledButton.css';
import { Group, UnstyledButton } from '@mantine/core';
import { Link, useRoute } from 'wouter';
import classes from './messages-tabs.module.css';

/**
 * Administrators' leads, three screens under /admin/messages: the landing page's sign-ups, the
 * operator survey's answers, and the demand counted around one restaurant. Links rather than
 * tabs in one page, so each has its own address, title and history entry.
 */
export const MESSAGES_TABS = [
  { path: '/messages', label: 'Sign-ups' },
  { path: '/messages/surveys', label: 'Survey answers' },
  { path: '/messages/demand', label: 'Local demand' },
] as const;

export function MessagesTabs() {
  return (
    <nav aria-label="Leads">
      <Group gap={4} className={classes.tabs} wrap="wrap">
        {MESSAGES_TABS.map((tab) => (
          <TabLink key={tab.path} {...tab} />
        ))}
      </Group>
    </nav>
  );
}

function TabLink({ path, label }: { path: string; label: string }) {
  const [active] = useRoute(path);
  return (
    <UnstyledButton component={Link} href={path} className={classes.tab} aria-current={active ? 'page' : undefined}>
      {label}
    </UnstyledButton>
  );
}
