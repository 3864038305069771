import { Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { countryName, INVOICE_TEXTS, type Receipt } from '@portal/contract';
import { IconFileOff, IconPrinter } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import logoMark from '@/assets/logo-mark.svg';
import { Fact } from '@/components/fact';
import { EmptyMessage } from '@/components/panel';
import { settings } from '@/config/settings';
import { isApiError } from '@/lib/api-error';
import classes from './printable-document.module.css';

/**
 * The printable pages of payments (docs/product/payments.md: receipts, invoices, statements): a
 * page of their own without the portal's menu, a sheet that prints dark on white, and the same
 * loading, not-found and failure states.
 */
interface PrintableDocumentProps<T> {
  /** The tab's title. */
  pageTitle: string;
  /** What the page shows, in the loader's and the failure's words: "receipt", "invoice". */
  what: string;
  query: UseQueryResult<T>;
  /** The heading when the server answers 404. */
  notFoundTitle: string;
  render: (data: T) => ReactNode;
}

/** The id in the page's address (`:id`); 0, which names no record, for anything that is not one. */
export function usePageId(): number {
  const { id = '' } = useParams();
  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : 0;
}

function FailedDocument({ error, what, notFoundTitle }: { error: unknown; what: string; notFoundTitle: string }) {
  const notFound = isApiError(error) && error.status === 404;
  // A request the server refused with a reason (a month that has not begun) says it.
  const refused = isApiError(error) && error.status === 422 ? error.serverMessage : undefined;
  return (
    <Card withBorder padding="xl">
      <Title order={1} size="h3" ta="center">
        {notFound ? notFoundTitle : (refused ?? 'Something went wrong')}
      </Title>
      <EmptyMessage
        icon={<IconFileOff aria-hidden />}
        title={notFound ? `There is no ${what} at this address for you.` : `The ${what} could not be loaded.`}
      />
    </Card>
  );
}

export function PrintableDocument<T>({ pageTitle, what, query, notFoundTitle, render }: PrintableDocumentProps<T>) {
  let content;
  if (query.data) {
    content = render(query.data);
  } else if (query.isError) {
    content = <FailedDocument error={query.error} what={what} notFoundTitle={notFoundTitle} />;
  } else {
    content = (
      <Center py="xl">
        <Loader aria-label={`Loading the ${what}`} />
      </Center>
    );
  }
  return (
    <main className={classes.page}>
      <title>{pageTitle}</title>
      {content}
    </main>
  );
}

/**
 * A document's sheet: the product's mark and name, the buttons (the page's own, then Print)
 * that paper leaves out, the title, the document, and under it its `note` and the currency.
 */
export function DocumentSheet({
  titleId,
  title,
  actions,
  note,
  children,
}: {
  titleId: string;
  title: string;
  actions?: ReactNode;
  note?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="xl" className={classes.sheet} component="article" aria-labelledby={titleId}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <img src={logoMark} alt="" width={40} height={40} />
            <Text fw={700} size="lg">
              {settings.productName}
            </Text>
          </Group>
          <Group gap="sm" className={classes.noPrint}>
            {actions}
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => window.print()}
            >
              Print
            </Button>
          </Group>
        </Group>
        <Title order={1} size="h2" id={titleId}>
          {title}
        </Title>
        {children}
        <Text size="xs" c="dimmed">
          {note && `${note} `}
          {INVOICE_TEXTS.currency}
        </Text>
      </Stack>
    </Card>
  );
}

/** One party of a document: its heading, and the facts it has (an address not set prints no line). */
function Party({ title, facts }: { title: string; facts: [label: string, value: string | null | undefined][] }) {
  return (
    <div>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        {facts.map(([label, value]) =>
          value ? (
            <Fact key={label} label={label}>
              {value}
            </Fact>
          ) : null,
        )}
      </SimpleGrid>
    </div>
  );
}

/** The seller under "Issued by" and the buyer under "Billed to", as a receipt or an invoice printed them. */
export function Parties({ seller, billing }: Pick<Receipt, 'seller' | 'billing'>) {
  return (
    <>
      <Party
        title={INVOICE_TEXTS.issuedBy}
        facts={[
          ['Name', seller.name],
          ['Address', seller.address],
          [INVOICE_TEXTS.taxId, seller.tax_id],
        ]}
      />
      <Party
        title={INVOICE_TEXTS.billedTo}
        facts={[
          ['Name', billing.name],
          ['E-mail', billing.email],
          ['Company', billing.company_name],
          ['Address', billing.address],
          ['Country', billing.country && countryName(billing.country)],
          [INVOICE_TEXTS.taxId, billing.tax_id],
        ]}
      />
    </>
  );
}
