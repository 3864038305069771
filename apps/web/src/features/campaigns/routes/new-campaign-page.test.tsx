import {
  AD_MESSAGES,
  CAMPAIGN_MESSAGES,
  MEDIA_MESSAGES,
  QUOTA_MESSAGES,
  type AdTemplate,
  type Campaign,
} from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { callsTo, findToast, jsonResponse, loginResponse, routeFetch, sentJson } from '@/test/fixtures';
import { fillIn, renderApp } from '@/test/render-app';
import { campaignFixture } from '@/test/campaigns';

const campaign = (overrides: Partial<Campaign> = {}): Campaign =>
  campaignFixture({
    id: 41,
    campaign_name: 'Autumn shoes',
    budget_amount: 250,
    budget: 250,
    keywords: ['shoes', 'autumn', 'sale'],
    approval_status: 'draft',
    delivery_status: 'off',
    payment_status: 'unpaid',
    created_at: '2026-11-20T10:00:00.000Z',
    published_on: null,
    submitted_at: null,
    ad_title: null,
    ad_description: null,
    destination_url: null,
    ...overrides,
  });

/** What the server reads from a square picture that passes the checks before review. */
const SQUARE = { width: 1080, height: 1080, duration_seconds: null, size: 5000, container: 'png', codec: null };

const template = (overrides: Partial<AdTemplate> = {}): AdTemplate => ({
  id: 5,
  campaign_id: 41,
  ad_title: 'New shoes',
  ad_description: 'Free delivery',
  destination_url: 'https://shop.example.com/autumn',
  campaign_content: [
    { s3_key: 'media/one.png', s3_url: '/api/storage/view/media/one.png?sig=1', name: 'one.png', metadata: SQUARE },
  ],
  ...overrides,
});

const png = (name = 'photo.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const noDraft = () => jsonResponse({ data: null });
const uploadUrl =
  (key = 'media/new.png') =>
  () =>
    jsonResponse({
      key,
      url: `/api/storage/uploads/${key}?sig=abc`,
      file_name: 'photo.png',
      headers: { 'Content-Type': 'image/png' },
      expires_at: '2030-01-01T00:00:00.000Z',
    });

beforeEach(() => {
  sessionStore.signIn(loginResponse());
  // jsdom has no object URLs; the previews only need an address.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

/**
 * WCAG 2.5.3 (axe's label-content-name-mismatch): every button's name holds the words it
 * shows, so a voice command naming what is seen finds it.
 */
function expectNamesHoldTheirText(region: HTMLElement) {
  for (const button of within(region).getAllByRole('button')) {
    const shown = (button.textContent ?? '').replace(/\s+/g, ' ').trim();
    const escaped = shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(button).toHaveAccessibleName(new RegExp(escaped, 'i'));
  }
}

async function fillDetails(user: ReturnType<typeof renderApp>['user']) {
  await fillIn(user, await screen.findByLabelText('Campaign name'), 'Autumn shoes');
  await user.type(screen.getByLabelText('Budget amount (USD)'), '250');
  for (const keyword of ['shoes', 'autumn', 'sale']) {
    await user.type(screen.getByLabelText('Keywords'), `${keyword}{Enter}`);
  }
}

describe('the new-campaign wizard', () => {
  it('starts with the documented defaults and lists every missing field at once, in order', async () => {
    routeFetch({ 'GET /api/customer/campaign-draft': noDraft });
    const { user } = renderApp('/campaigns/new');
    await screen.findByLabelText('Campaign name');
    expect(screen.getByRole('radio', { name: 'Video view' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Active/ })).toBeChecked();
    expect(screen.getByText('Recommended')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Lifetime/ })).toBeChecked();
    expect(screen.getByText('Best performance')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const toast = await findToast('Missing Field');
    expect(toast).toHaveTextContent(
      [CAMPAIGN_MESSAGES.nameRequired, CAMPAIGN_MESSAGES.budgetRequired, CAMPAIGN_MESSAGES.keywordsRequired].join(' '),
    );
    // Each message also sits on its field, and the keyboard is taken to the first.
    const name = screen.getByLabelText('Campaign name');
    await waitFor(() => expect(name).toHaveFocus());
    for (const [label, message] of [
      ['Campaign name', CAMPAIGN_MESSAGES.nameRequired],
      ['Budget amount (USD)', CAMPAIGN_MESSAGES.budgetRequired],
      ['Keywords', CAMPAIGN_MESSAGES.keywordsRequired],
    ] as const) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    await fillIn(user, name, 'Autumn shoes');
    expect(name).not.toHaveAttribute('aria-invalid');

    await user.type(screen.getByLabelText('Budget amount (USD)'), '-0');
    expect(screen.getByLabelText('Budget amount (USD)')).toHaveValue('$0');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(CAMPAIGN_MESSAGES.budgetZero)),
      ).toBe(true),
    );
  });

  it('adds keywords trimmed, once each, with Enter or Add, and says when fewer than 3', async () => {
    routeFetch({ 'GET /api/customer/campaign-draft': noDraft });
    const { user } = renderApp('/campaigns/new');
    const input = await screen.findByLabelText('Keywords');
    expect(screen.getByText(CAMPAIGN_MESSAGES.keywordsHint)).toBeInTheDocument();
    await user.type(input, '  shoes  {Enter}');
    await user.type(input, 'shoes{Enter}');
    await user.type(input, '   {Enter}');
    await user.type(input, 'autumn');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(input, 'sale{Enter}');
    const added = within(screen.getByLabelText('Keywords added'));
    expect(added.getAllByText(/^(shoes|autumn|sale)$/).map((pill) => pill.textContent)).toEqual([
      'shoes',
      'autumn',
      'sale',
    ]);
    expect(screen.queryByText(CAMPAIGN_MESSAGES.keywordsHint)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove keyword autumn' }));
    expect(screen.getByText(CAMPAIGN_MESSAGES.keywordsHint)).toBeInTheDocument();
  });

  it('goes through the steps with an upload and publishes', async () => {
    const fetchMock = routeFetch({
      'GET /api/customer/campaign-draft': noDraft,
      'POST /api/customer/create-campaign-details': () =>
        jsonResponse({ message: CAMPAIGN_MESSAGES.detailsSaved, data: campaign() }),
      'POST /api/ad-templates/presigned-url': uploadUrl(),
      'PUT /api/storage/uploads/media/new.png?sig=abc': () => jsonResponse({ message: 'Stored' }),
      'POST /api/ad-templates/check-upload': () => jsonResponse({ message: MEDIA_MESSAGES.checked }),
      'POST /api/customer/create-ad-template': () =>
        jsonResponse({
          message: 'Ad creative saved',
          data: template({
            campaign_content: [
              { s3_key: 'media/new.png', s3_url: '/api/storage/view/x', name: 'photo.png', metadata: SQUARE },
            ],
          }),
        }),
      'POST /api/customer/publish-campaign': () =>
        jsonResponse({
          message: CAMPAIGN_MESSAGES.published,
          data: { ...campaign({ approval_status: 'pending' }), campaign_content: [] },
        }),
    });
    const { user, router } = renderApp('/campaigns/new');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // The new step takes the focus to its first field; Next with nothing in it marks every
    // field, the media button (the file field's stand-in) included, and goes back to the first.
    const primary = await screen.findByLabelText('Primary text');
    await waitFor(() => expect(primary).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(primary).toHaveFocus());
    expect(primary).toHaveAccessibleDescription(AD_MESSAGES.primaryTextMissing);
    const addMedia = screen.getByRole('button', { name: 'Add image or video' });
    expect(addMedia).toHaveAttribute('aria-invalid', 'true');
    expect(addMedia).toHaveAccessibleDescription(AD_MESSAGES.mediaMissing);
    expect(screen.getByLabelText('Add image or video', { selector: 'input' })).toHaveAccessibleDescription(
      AD_MESSAGES.mediaMissing,
    );

    await user.type(primary, 'New shoes');
    await fillIn(user, screen.getByLabelText('Additional details'), 'Free delivery');
    await fillIn(user, screen.getByLabelText('Destination link'), 'shop.example.com');
    await user.tab();
    expect(await screen.findByText('Please enter a valid URL')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Destination link'));
    await fillIn(user, screen.getByLabelText('Destination link'), 'https://shop.example.com/autumn');
    await user.upload(screen.getByLabelText('Add image or video', { selector: 'input' }), png());
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(addMedia).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByTestId('review-skeleton')).toBeInTheDocument();
    // The review has no field: the wizard itself takes the focus, ahead of it.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Campaign wizard' })).toHaveFocus());
    const publish = await screen.findByRole('button', { name: 'Publish' });
    expect(await screen.findByRole('heading', { name: 'Campaign details' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Preview of the ad' })).toHaveTextContent('New shoes');
    await user.click(publish);
    expect(await screen.findByRole('heading', { name: 'Your campaign is under review!' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'My campaigns' })).toHaveFocus());

    expect(sentJson(callsTo(fetchMock, 'POST /api/customer/create-campaign-details')[0])).toEqual({
      campaign_objective: 'Video view',
      campaign_name: 'Autumn shoes',
      status: 'active',
      budget_type: 'lifetime',
      budget_amount: 250,
      keywords: ['shoes', 'autumn', 'sale'],
      start_date: null,
      end_date: null,
    });
    expect(sentJson(callsTo(fetchMock, 'POST /api/ad-templates/presigned-url')[0])).toEqual({
      file_name: 'photo.png',
      file_type: 'image/png',
      file_size: 4,
    });
    expect(sentJson(callsTo(fetchMock, 'POST /api/customer/create-ad-template')[0])).toMatchObject({
      user_id: 7,
      campaign_id: 41,
      ad_title: 'New shoes',
      ad_description: 'Free delivery',
      destination_url: 'https://shop.example.com/autumn',
      campaign_content: [{ s3_key: 'media/new.png', name: 'photo.png' }],
    });
    expect(sentJson(callsTo(fetchMock, 'POST /api/customer/publish-campaign')[0])).toEqual({
      campaign_id: 41,
      template_id: 5,
    });
    await user.click(screen.getByRole('button', { name: 'My campaigns' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'));
  }, 15_000);

  it('shows a 422 as Validation Error lines, and other failures with their own title', async () => {
    let answer = () =>
      jsonResponse(
        { message: 'Campaign name is required', errors: { campaign_name: ['Campaign name is required'] } },
        422,
      );
    routeFetch({
      'GET /api/customer/campaign-draft': noDraft,
      'POST /api/customer/create-campaign-details': () => answer(),
    });
    const { user } = renderApp('/campaigns/new');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await findToast('Validation Error')).toHaveTextContent('campaign_name: Campaign name is required');
    // The server's message is put on its field too, until the field changes.
    const name = screen.getByLabelText('Campaign name');
    expect(name).toHaveAccessibleDescription('Campaign name is required');
    await waitFor(() => expect(name).toHaveFocus());
    await user.type(name, '!');
    expect(name).not.toHaveAttribute('aria-invalid');

    answer = () => jsonResponse({}, 500);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await findToast('Failed to create campaign')).toHaveTextContent('Unknown error');
  });

  it('reopens the server draft at the step it reached, with its files', async () => {
    routeFetch({
      'GET /api/customer/campaign-draft': () => jsonResponse({ data: { campaign: campaign(), ad_template: null } }),
    });
    renderApp('/campaigns/new');
    expect(await screen.findByLabelText('Primary text')).toHaveValue('');

    routeFetch({
      'GET /api/customer/campaign-draft': () =>
        jsonResponse({ data: { campaign: campaign(), ad_template: template() } }),
    });
    renderApp('/campaigns/new');
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();
  });

  it('keeps edits in this browser a second after the last change, and restores them', async () => {
    routeFetch({ 'GET /api/customer/campaign-draft': noDraft });
    const first = renderApp('/campaigns/new');
    await fillIn(first.user, await screen.findByLabelText('Campaign name'), 'Half typed');
    expect(screen.getByRole('status')).toHaveTextContent('Saving changes...');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('All Edits Saved'), { timeout: 2500 });
    first.unmount();

    renderApp('/campaigns/new');
    expect(await screen.findByLabelText('Campaign name')).toHaveValue('Half typed');
  });

  it('refuses a 21st file and files that are not images or videos', async () => {
    routeFetch({
      'GET /api/customer/campaign-draft': () => jsonResponse({ data: { campaign: campaign(), ad_template: null } }),
      'POST /api/ad-templates/presigned-url': uploadUrl(),
      'PUT /api/storage/uploads/media/new.png?sig=abc': () => jsonResponse({ message: 'Stored' }),
      'POST /api/ad-templates/check-upload': () => jsonResponse({ message: MEDIA_MESSAGES.checked }),
    });
    const { user } = renderApp('/campaigns/new');
    await screen.findByLabelText('Primary text');
    const input = () => screen.getByLabelText('Add image or video', { selector: 'input' });
    // The file dialog offers only images and videos, but "All files" lets anything through.
    fireEvent.change(input(), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await findToast('Failed to upload media files')).toHaveTextContent(MEDIA_MESSAGES.typeNotAllowed);

    await user.upload(
      input(),
      Array.from({ length: 21 }, (_, index) => png(`photo-${index}.png`)),
    );
    expect(await findToast('Maximum Limit Reached')).toHaveTextContent(MEDIA_MESSAGES.tooManyFiles);
    expect(
      within(screen.getByRole('list', { name: 'Media' })).getAllByRole('listitem', { name: /^photo-/ }),
    ).toHaveLength(20);
  });

  it('shows the storage quota’s refusal of an upload address and drops the file', async () => {
    const storageFull = QUOTA_MESSAGES.storedBytes(5 * 1024 ** 2);
    routeFetch({
      'GET /api/customer/campaign-draft': () => jsonResponse({ data: { campaign: campaign(), ad_template: null } }),
      'POST /api/ad-templates/presigned-url': () => jsonResponse({ message: storageFull }, 409),
    });
    const { user } = renderApp('/campaigns/new');
    await screen.findByLabelText('Primary text');
    await user.upload(screen.getByLabelText('Add image or video', { selector: 'input' }), png());
    expect(await findToast('Failed to fetch campaigns')).toHaveTextContent(storageFull);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'photo.png' })).not.toBeInTheDocument());
  });

  it('shows on its tile at once that an uploaded file is not what its name says', async () => {
    const fetchMock = routeFetch({
      'GET /api/customer/campaign-draft': () => jsonResponse({ data: { campaign: campaign(), ad_template: null } }),
      'POST /api/ad-templates/presigned-url': uploadUrl('media/new.mp4'),
      'PUT /api/storage/uploads/media/new.mp4?sig=abc': () => jsonResponse({ message: 'Stored' }),
      'POST /api/ad-templates/check-upload': () =>
        jsonResponse(
          { message: MEDIA_MESSAGES.contentMismatch, errors: { s3_key: [MEDIA_MESSAGES.contentMismatch] } },
          422,
        ),
    });
    const { user } = renderApp('/campaigns/new');
    await screen.findByLabelText('Primary text');
    const fake = new File(['just some text'], 'fake.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByLabelText('Add image or video', { selector: 'input' }), fake);

    const tile = await screen.findByRole('listitem', { name: 'fake.mp4' });
    expect(await within(tile).findByRole('alert')).toHaveTextContent(MEDIA_MESSAGES.contentMismatch);
    expect(within(tile).getByText('Refused')).toBeInTheDocument();
    expect(within(tile).queryByText('Uploaded')).not.toBeInTheDocument();
    expect(sentJson(callsTo(fetchMock, 'POST /api/ad-templates/check-upload')[0])).toEqual({ s3_key: 'media/new.mp4' });

    // The server deleted it already: removing the tile asks nothing more of it.
    await user.click(within(tile).getByRole('button', { name: 'Remove fake.mp4' }));
    expect(screen.queryByRole('listitem', { name: 'fake.mp4' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/delete-s3-object')).toHaveLength(0);
  });

  it('names each control by what it shows and says the step in words, at every step', async () => {
    routeFetch({
      'GET /api/customer/campaign-draft': () =>
        jsonResponse({ data: { campaign: campaign(), ad_template: template() } }),
    });
    const { user } = renderApp('/campaigns/new');
    const wizard = await screen.findByRole('region', { name: 'Campaign wizard' });
    await screen.findByRole('button', { name: 'Edit Ad creative' }, { timeout: 3000 });
    // The stepper's circles are a picture; the sentence is what is read.
    expect(within(wizard).getByText('Step 3 of 3: Review')).toBeInTheDocument();
    expectNamesHoldTheirText(wizard);

    await user.click(screen.getByRole('button', { name: 'Edit Ad creative' }));
    expect(await within(wizard).findByText('Step 2 of 3: Ad creative')).toBeInTheDocument();
    const addMedia = screen.getByRole('button', { name: 'Add image or video' });
    expect(addMedia).toHaveTextContent('Add image or video');
    // The theme's focus ring (Mantine's focus class), which a Card leaves out.
    expect(addMedia).toHaveClass('mantine-focus-auto');
    expectNamesHoldTheirText(wizard);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await within(wizard).findByText('Step 1 of 3: Campaign details')).toBeInTheDocument();
    expectNamesHoldTheirText(wizard);
  });

  it('deletes an uploaded file from storage when it is removed, and keeps it when that fails', async () => {
    let deleteAnswer = () => jsonResponse({ message: 'Nope' }, 500);
    const fetchMock = routeFetch({
      'GET /api/customer/campaign-draft': () =>
        jsonResponse({ data: { campaign: campaign(), ad_template: template() } }),
      'DELETE /api/delete-s3-object': () => deleteAnswer(),
    });
    const { user } = renderApp('/campaigns/new');
    await user.click(await screen.findByRole('button', { name: 'Edit Ad creative' }, { timeout: 3000 }));
    await user.click(await screen.findByRole('button', { name: 'Remove one.png' }));
    expect(await findToast('Failed to delete')).toHaveTextContent('Nope');
    expect(screen.getByRole('listitem', { name: 'one.png' })).toBeInTheDocument();

    deleteAnswer = () => jsonResponse({ message: MEDIA_MESSAGES.deleted });
    await user.click(screen.getByRole('button', { name: 'Remove one.png' }));
    await findToast('Deleted successfully');
    expect(screen.queryByRole('listitem', { name: 'one.png' })).not.toBeInTheDocument();
    expect(sentJson(callsTo(fetchMock, 'DELETE /api/delete-s3-object')[1])).toEqual({ s3_key: 'media/one.png' });
  });

  it('Cancel deletes the draft and goes back to the campaigns', async () => {
    const fetchMock = routeFetch({
      'GET /api/customer/campaign-draft': () => jsonResponse({ data: { campaign: campaign(), ad_template: null } }),
      'DELETE /api/customer/campaign-draft/41': () => jsonResponse({ message: CAMPAIGN_MESSAGES.draftDeleted }),
      'GET /api/customer/my-active-campaigns?page=1&per_page=10&search=': () =>
        jsonResponse({
          type: 'Active',
          data: [],
          pagination: { current_page: 1, per_page: 10, last_page: 1, total: 0 },
        }),
    });
    const { user, router } = renderApp('/campaigns/new');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'));
    expect(callsTo(fetchMock, 'DELETE /api/customer/campaign-draft/41')).toHaveLength(1);
  });
});
