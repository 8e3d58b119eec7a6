import { within } from '@testing-library/react';

/** A table's column names as a clerk reads them: without the sort arrows, the empty ones left out. */
export const columnNames = (table: HTMLElement): string[] =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => (th.textContent ?? '').replace(/[▲▼↕]/g, '').trim())
    .filter(Boolean);

/** The text of each cell, row by row, of a table's body rows (the header row left out). */
export const bodyCells = (table: HTMLElement): (string | null)[][] =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
