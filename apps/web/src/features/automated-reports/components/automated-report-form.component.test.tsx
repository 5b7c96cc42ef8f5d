import type { AutomatedReport } from '@baletrack/contracts/automated-reports/automated-report';
import { messages } from '@baletrack/contracts/errors/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AutomatedReportForm } from '@/features/automated-reports/components/automated-report-form';
import { renderWithProviders } from '@/testing/render-with-providers';

// The form checks what it can before anything is sent: the grower reads why "Set up report" did
// nothing, next to the field concerned. Saving itself is the journey's (e2e/automated-reports).

const filters = [{ id: '0b7c6a52-5b1f-4d55-9a47-0c9f1d2b7e11', name: 'First cutting' }];

function renderForm(report?: AutomatedReport) {
  let closed = 0;
  const view = renderWithProviders(
    <AutomatedReportForm
      opened
      onClose={() => {
        closed += 1;
      }}
      report={report}
      filters={filters}
      defaultUnits="US"
    />,
  );
  return { ...view, closedCount: () => closed };
}

/** A report as GET /autoreport/settings lists it. */
const savedReport = (includeYield: boolean): AutomatedReport => ({
  id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  filterId: filters[0]?.id ?? '',
  filterName: 'First cutting',
  frequency: 'weekly',
  timezone: 'America/Chicago',
  units: 'US',
  includeCuttingless: true,
  includeYield,
  recipients: ['agronomist@coop.example'],
  nextSendAt: null,
  lastRun: null,
});

describe('AutomatedReportForm', () => {
  it('names each missing choice at its field and stays open', async () => {
    const { user, closedCount } = renderForm();
    expect(screen.getByRole('dialog', { name: 'New automated report' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set up report' }));
    expect(await screen.findByText(messages.autoReport.filterRequired)).toBeTruthy();
    expect(screen.getByText(messages.autoReport.recipientRequired)).toBeTruthy();
    expect(closedCount()).toBe(0);
  });

  it('refuses a recipient that is not an email address', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^Recipients/, { selector: 'input' }), 'hay-buyer,');
    await user.click(screen.getByRole('button', { name: 'Set up report' }));
    expect(await screen.findByText(messages.validation.emailInvalid)).toBeTruthy();
    expect(screen.queryByText(messages.autoReport.recipientRequired)).toBeNull();
  });

  it('offers only the saved filters, and Cancel closes without a message', async () => {
    const { user, closedCount } = renderForm();
    await user.click(screen.getByLabelText(/^Filter/, { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'First cutting' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(closedCount()).toBe(1);
    expect(screen.queryByText(messages.autoReport.filterRequired)).toBeNull();
  });

  it('offers the yield per field, off for a new report, and says what it sends', async () => {
    renderForm();
    const box = screen.getByRole('checkbox', {
      name: 'Attach yield per field',
    }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(
      screen.getByText(/Yield per Field CSV of the crop year the period ends in/),
    ).toBeTruthy();
  });

  it("shows a report's yield setting as saved, and the box changes it", async () => {
    const { user, unmount } = renderForm(savedReport(true));
    const box = () =>
      screen.getByRole('checkbox', { name: 'Attach yield per field' }) as HTMLInputElement;
    expect(box().checked).toBe(true);
    await user.click(box());
    expect(box().checked).toBe(false);
    unmount();
    renderForm(savedReport(false));
    expect(box().checked).toBe(false);
  });
});
