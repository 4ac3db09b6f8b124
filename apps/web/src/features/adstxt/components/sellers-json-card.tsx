import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { fileNameOf, type AdsTxtDetail, type SellerCheck, type SellersJsonFileIssue, type SellersJsonState } from '@pc/contracts';
import { relativeTime } from './status-labels';

const severityLabel: Record<SellerCheck['severity'], string> = { error: 'Error', warning: 'Warning', info: 'Note' };
const severityColor: Record<SellerCheck['severity'], string> = { error: 'red', warning: 'yellow', info: 'gray' };

/** What each departure from sellers.json 1.0 means, for the count in front of it. */
const fileIssueText: Record<SellersJsonFileIssue['code'], (n: number) => string> = {
  missing_seller_id: (n) => `${n} ${n === 1 ? 'entry has' : 'entries have'} no seller_id`,
  bad_seller_type: (n) => `${n} ${n === 1 ? 'seller has' : 'sellers have'} a seller_type other than PUBLISHER, INTERMEDIARY or BOTH`,
  missing_name: (n) => `${n} ${n === 1 ? 'seller has' : 'sellers have'} no name and ${n === 1 ? 'is' : 'are'} not confidential`,
  missing_domain: (n) => `${n} ${n === 1 ? 'publisher has' : 'publishers have'} no domain and ${n === 1 ? 'is' : 'are'} not confidential`,
  bad_version: () => 'the version is not 1.0',
  no_sellers: () => 'the file lists no sellers',
  duplicate_seller_id: (n) => `${n} seller ${n === 1 ? 'id is' : 'ids are'} listed more than once (buyers may read either entry)`,
  unknown_key: (n) => `${n} ${n === 1 ? 'key is' : 'keys are'} not part of the spec (extensions belong under "ext")`,
};

const fileIssueLine = (i: SellersJsonFileIssue) => `${fileIssueText[i.code](i.count)}, for example ${i.example}.`;

function systemLine(s: SellersJsonState): string {
  if (s.status === 'pending') return `${s.system}: not checked yet; the lookup is queued.`;
  if (s.status === 'ok') return `${s.system}: read ${s.checkedAt ? relativeTime(s.checkedAt) : ''}.`.replace(' .', '.');
  return `${s.system}: ${s.reason ?? 'could not be read.'}`;
}

/**
 * The supply-chain check: each DIRECT/RESELLER record against its advertising system's sellers.json,
 * as buyers' crawlers do it. Findings name the line and say what to do.
 */
export function SellersJsonCard({ detail }: { detail: AdsTxtDetail }) {
  const checks = detail.sellerChecks;
  const problems = detail.sellerIssues;
  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Supply chain (sellers.json)
          </Title>
          {detail.sellersJson.length > 0 && (
            <Text size="sm" c={problems ? 'red.9' : 'dimmed'}>
              {problems === 0
                ? 'No seller contradicts your file.'
                : `${problems} record${problems === 1 ? '' : 's'} contradicted by sellers.json`}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Buyers check every seller in your {fileNameOf(detail)} against the advertising system&apos;s sellers.json. Lines they cannot match
          lose bids.
        </Text>
        {detail.sellersJson.length === 0 ? (
          <Text size="sm">No sellers to check yet: the file has to be read first.</Text>
        ) : (
          <>
            {checks.length > 0 && (
              <List spacing="xs" size="sm" aria-label="sellers.json findings" listStyleType="none" p={0}>
                {checks.map((c, i) => (
                  <List.Item key={`${c.line}-${c.code}-${i}`}>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Badge color={severityColor[c.severity]} variant="light" style={{ flexShrink: 0 }}>
                        {severityLabel[c.severity]}
                      </Badge>
                      <Text size="sm">
                        <Text span fw={600}>
                          Line {c.line}:
                        </Text>{' '}
                        {c.reason}
                      </Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
            <details>
              <summary>
                <Text span size="sm">
                  sellers.json of {detail.sellersJson.length} advertising system{detail.sellersJson.length === 1 ? '' : 's'}
                </Text>
              </summary>
              <List size="xs" mt="xs" aria-label="sellers.json files">
                {detail.sellersJson.map((s) => (
                  <List.Item key={s.system}>
                    {systemLine(s)}
                    {s.issues.length > 0 && (
                      <List size="xs" withPadding aria-label={`What ${s.system}'s sellers.json breaks of the spec`}>
                        {s.issues.map((i) => (
                          <List.Item key={i.code}>{fileIssueLine(i)}</List.Item>
                        ))}
                      </List>
                    )}
                  </List.Item>
                ))}
              </List>
            </details>
          </>
        )}
      </Stack>
    </Card>
  );
}
