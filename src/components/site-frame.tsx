import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Container, Text, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '../theme';
import { ClocheIcon } from './line-icons';
import { SkipLink, mainContentProps } from './skip-link';
import classes from './site-frame.module.css';

export interface SiteFrameProps {
  /** The header's right-hand side: the area's own buttons or note. */
  aside?: ReactNode;
  /** The width of the header's content, to line it up with the page's column. */
  size?: ContainerProps['size'];
  /** A slimmer header for task pages (the survey), leaving more of a phone's screen to the form. */
  compact?: boolean;
  /** Usually a `SiteFooter`; without one the page has no footer (the survey). */
  footer?: ReactNode;
  /** The area's own spacing of its content. */
  mainClassName?: string;
  /** Where the brand goes: `/`, or `~/` from inside a nested router (the onboarding). */
  homeHref?: string;
  children: ReactNode;
}

/**
 * The frame of the public pages (landing, sign-in, survey) and the onboarding: the warm background, the header with
 * the brand link home, the main content stretched so the footer sits at the bottom of the screen.
 * The skip link comes first, before the header's links.
 */
export function SiteFrame({ aside, size = 'lg', compact = false, footer, mainClassName, homeHref = '/', children }: SiteFrameProps) {
  return (
    <div className={classes.page}>
      <SkipLink />
      <header className={compact ? `${classes.header} ${classes.compact}` : classes.header}>
        <Container size={size} className={classes.headerInner}>
          <Anchor component={Link} href={homeHref} className={classes.brand} underline="never" aria-label={`${PRODUCT_NAME} home`}>
            <span className={classes.brandMark}>
              <ClocheIcon size={compact ? 20 : 22} />
            </span>
            <span>{PRODUCT_NAME}</span>
          </Anchor>
          {aside}
        </Container>
      </header>
      <main {...mainContentProps} className={mainClassName ? `${classes.main} ${mainClassName}` : classes.main}>
        {children}
      </main>
      {footer}
    </div>
  );
}

/**
 * The copyright and the legal links; `children` adds more links (`FooterLink`) after them and
 * `label` names the links for screen readers.
 */
export function SiteFooter({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.footerInner}>
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </Text>
        <nav aria-label={label} className={classes.footerNav}>
          <FooterLink href="/terms">Terms</FooterLink>
          <FooterLink href="/privacy">Privacy</FooterLink>
          {children}
        </nav>
      </Container>
    </footer>
  );
}

export function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor component={Link} href={href} c="dimmed" size="sm" className={classes.footerLink}>
      {children}
    </Anchor>
  );
}
