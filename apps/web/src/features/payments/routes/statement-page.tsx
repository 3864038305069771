import { SimpleGrid, Table, Text } from '@mantine/core';
import {
  formatDay,
  type Statement,
  STATEMENT_LINE_LABELS,
  STATEMENT_TEXTS,
  statementSubtitle,
  statementTitle,
} from '@portal/contract';
import { useParams } from 'react-router';
import { Fact } from '@/components/fact';
import { ScrollRegion } from '@/components/scroll-region';
import { formatUsd } from '@/lib/format';
import { useStatement } from '../api/statements';
import { StatementDownloads } from '../components/statement-downloads';
import { DocumentSheet, PrintableDocument } from '../components/printable-document';

/** The balance before the month, what it invoiced, paid, credited and refunded, and the balance after. */
function StatementTotals({ statement }: { statement: Statement }) {
  const { totals } = statement;
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="md" verticalSpacing="sm">
      <Fact label={STATEMENT_TEXTS.opening}>{formatUsd(statement.opening_balance)}</Fact>
      <Fact label={STATEMENT_TEXTS.invoiced}>{formatUsd(totals.invoiced)}</Fact>
      <Fact label={STATEMENT_TEXTS.paid}>{formatUsd(totals.paid)}</Fact>
      <Fact label={STATEMENT_TEXTS.credited}>{formatUsd(totals.credited)}</Fact>
      <Fact label={STATEMENT_TEXTS.refunded}>{formatUsd(totals.refunded)}</Fact>
      <Fact label={STATEMENT_TEXTS.closing}>{formatUsd(statement.closing_balance)}</Fact>
    </SimpleGrid>
  );
}

const HEADERS = [
  STATEMENT_TEXTS.date,
  STATEMENT_TEXTS.type,
  STATEMENT_TEXTS.reference,
  STATEMENT_TEXTS.description,
  STATEMENT_TEXTS.amount,
  STATEMENT_TEXTS.balance,
];

function StatementLines({ statement }: { statement: Statement }) {
  if (statement.lines.length === 0) return <Text size="sm">{STATEMENT_TEXTS.empty}</Text>;
  const figure = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;
  return (
    <ScrollRegion label={`${STATEMENT_TEXTS.title} lines`} minWidth={720}>
      <Table aria-label={`${STATEMENT_TEXTS.title} lines`}>
        <Table.Thead>
          <Table.Tr>
            {HEADERS.map((header, index) => (
              <Table.Th key={header} ta={index >= 4 ? 'right' : undefined}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statement.lines.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(line.day)}</Table.Td>
              <Table.Td>{STATEMENT_LINE_LABELS[line.kind]}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.reference}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.description}</Table.Td>
              <Table.Td {...figure}>{formatUsd(line.amount)}</Table.Td>
              <Table.Td {...figure}>{formatUsd(line.balance)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

function StatementSheet({ statement }: { statement: Statement }) {
  return (
    <DocumentSheet
      titleId="statement-title"
      title={statementTitle(statement.month)}
      actions={<StatementDownloads month={statement.month} />}
      note={STATEMENT_TEXTS.signs}
    >
      <Text size="sm">{statementSubtitle(statement)}</Text>
      <StatementTotals statement={statement} />
      <StatementLines statement={statement} />
    </DocumentSheet>
  );
}

/**
 * /statements/:month (docs/product/payments.md, Statements): the account's statement of a month
 * of its calendar, made to be printed, with its PDF and CSV to download. A month written
 * otherwise, or one that has not begun, shows the server's reason.
 */
export function StatementPage() {
  const { month = '' } = useParams();
  const statement = useStatement(month);
  return (
    <PrintableDocument
      pageTitle={STATEMENT_TEXTS.title}
      what="statement"
      query={statement}
      notFoundTitle="Statement not found"
      render={(data) => <StatementSheet statement={data} />}
    />
  );
}
