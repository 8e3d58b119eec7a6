import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UrlTabs } from '../components/ui/url-tabs';
import {
  createBrowserNavigator,
  createMemoryNavigator,
  Link,
  NavigationProvider,
  NavLink,
  useBlocker,
  useLocation,
  useSearchParams,
  type Navigator,
} from './navigation';

function Where() {
  const l = useLocation();
  return <output aria-label="where">{`${l.pathname}${l.search}${l.hash}`}</output>;
}

function Guard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return blocker.state === 'blocked' ? (
    <div role="alertdialog" aria-label="Discard changes?">
      <button onClick={blocker.proceed}>Discard</button>
      <button onClick={blocker.reset}>Keep</button>
    </div>
  ) : null;
}

const renderWith = (navigator: Navigator, ui: React.ReactNode) =>
  render(<NavigationProvider navigator={navigator}>{ui}</NavigationProvider>);

const where = () => screen.getByLabelText('where').textContent;

describe('navigation', () => {
  it('a link navigates inside the app; the current page is marked', async () => {
    const nav = createMemoryNavigator(['/sales?tab=quotes']);
    renderWith(
      nav,
      <>
        <NavLink to="/sales">Sales</NavLink>
        <Link to="/loaders">Loaders</Link>
        <Where />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Sales' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Loaders' }).getAttribute('href')).toBe('/loaders');
    await userEvent.click(screen.getByRole('link', { name: 'Loaders' }));
    expect(where()).toBe('/loaders');
    expect(screen.getByRole('link', { name: 'Sales' }).getAttribute('aria-current')).toBeNull();
    act(() => nav.go(-1));
    expect(where()).toBe('/sales?tab=quotes');
  });

  it('a blocker holds a navigation until proceed, and drops it on reset', async () => {
    const nav = createMemoryNavigator(['/sales']);
    renderWith(
      nav,
      <>
        <Guard dirty />
        <Where />
      </>,
    );
    act(() => nav.navigate('/loaders'));
    expect(where()).toBe('/sales');
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(where()).toBe('/sales');

    act(() => nav.navigate('/loaders'));
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(where()).toBe('/loaders');
    // Back is a navigation too.
    act(() => nav.go(-1));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(where()).toBe('/loaders');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(where()).toBe('/sales');
  });

  it('a link to the page already shown adds no history entry (a double click, the current page)', async () => {
    window.history.replaceState(null, '', '/sales?tab=quotes');
    const nav = createBrowserNavigator(window);
    renderWith(
      nav,
      <>
        <NavLink to="/loaders">Loaders</NavLink>
        <Where />
      </>,
    );
    const entries = window.history.length;
    await userEvent.dblClick(screen.getByRole('link', { name: 'Loaders' }));
    expect(where()).toBe('/loaders');
    expect(window.history.length).toBe(entries + 1);
    await userEvent.click(screen.getByRole('link', { name: 'Loaders' }));
    expect(window.history.length).toBe(entries + 1);
  });

  it('the browser navigator undoes a Back the blocker holds, and goes back on proceed', async () => {
    window.history.replaceState(null, '', '/sales');
    const nav = createBrowserNavigator(window);
    const view = renderWith(
      nav,
      <>
        <Guard dirty={false} />
        <Where />
      </>,
    );
    act(() => nav.navigate('/loaders', { state: { from: 'x' } }));
    expect(window.location.pathname).toBe('/loaders');
    expect(nav.location.state).toEqual({ from: 'x' });
    view.rerender(
      <NavigationProvider navigator={nav}>
        <Guard dirty />
        <Where />
      </NavigationProvider>,
    );
    const popped = () => new Promise((r) => window.addEventListener('popstate', r, { once: true }));
    let pop = popped();
    window.history.back();
    await act(() => pop);
    // Held: the browser is sent forward again, and the page stays.
    pop = popped();
    await act(() => pop);
    expect(window.location.pathname).toBe('/loaders');
    expect(where()).toBe('/loaders');
    pop = popped();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await act(() => pop);
    expect(window.location.pathname).toBe('/sales');
    expect(where()).toBe('/sales');
  });

  it('search params change the query and keep the path', async () => {
    function Params() {
      const [params, setParams] = useSearchParams();
      return (
        <button onClick={() => setParams((p) => (p.set('open', '7'), p), { replace: true })}>
          {params.get('tab') ?? 'none'}
        </button>
      );
    }
    const nav = createMemoryNavigator(['/sales?tab=customers']);
    renderWith(
      nav,
      <>
        <Params />
        <Where />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'customers' }));
    expect(where()).toBe('/sales?tab=customers&open=7');
  });
});

describe('UrlTabs', () => {
  it('opens a tab by click, arrows (wrapping), Home and End, in the address, one tab in the Tab order', async () => {
    const nav = createMemoryNavigator(['/sales']);
    renderWith(
      nav,
      <>
        <UrlTabs
          id="t"
          tabs={[
            { key: 'a', title: 'Alpha', content: <p>alpha panel</p> },
            { key: 'b', title: 'Beta', content: <p>beta panel</p> },
            { key: 'c', title: 'Gamma', content: <p>gamma panel</p> },
          ]}
        />
        <Where />
      </>,
    );
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Alpha').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Alpha' }).textContent).toBe('alpha panel');
    expect(tab('Beta').getAttribute('tabindex')).toBe('-1');

    await userEvent.click(tab('Beta'));
    expect(where()).toBe('/sales?tab=b');
    expect(screen.getByRole('tabpanel', { name: 'Beta' }).textContent).toBe('beta panel');
    expect(screen.queryByText('alpha panel')).toBeNull();

    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Gamma'));
    expect(where()).toBe('/sales?tab=c');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Alpha'));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Gamma'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Alpha'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Gamma'));
    expect(screen.getByRole('tabpanel', { name: 'Gamma' }).textContent).toBe('gamma panel');
  });
});
