import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import { Alert, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../components/page-title';
import { AuthPage, authClasses as classes } from './auth-layout';

/** The shared frame of /terms and /privacy: a readable column, the date, and an honest note. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <AuthPage wide>
      <article className={classes.legal} aria-labelledby="legal-title">
        <Title order={1} id="legal-title" className={classes.title}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" mt={6}>
          Last updated {updated}
        </Text>
        <Alert color="blue" variant="light" radius="md" className={classes.draftNote}>
          This is a plain-language draft written for our early users. It is being reviewed by a lawyer and may change before launch; we will tell registered
          users by email before any change takes effect.
        </Alert>
        {children}
      </article>
    </AuthPage>
  );
}
