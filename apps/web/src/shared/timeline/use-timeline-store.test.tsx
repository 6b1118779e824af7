import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeSource, sortByDateTaken } from '../photo-library/preview/preview.fixtures';
import { TimelineStore } from './timeline-store';
import { useTimelineStore } from './use-timeline-store';

function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return null;
}

function SelectedCount({ store, onMounted }: { store: TimelineStore; onMounted?: () => void }) {
  useTimelineStore(store);
  return (
    <p>
      {store.selection.size} selected{onMounted && <Mounted onMounted={onMounted} />}
    </p>
  );
}

const newStore = () => new TimelineStore(fakeSource([{ year: 2024, month: 5, count: 3 }]), sortByDateTaken);

describe('a component following a timeline store', () => {
  it('shows each change of the store', async () => {
    const store = newStore();
    render(<SelectedCount store={store} />);
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    act(() => store.toggleSelected('a'));
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
    act(() => store.setSelected(['b', 'c'], true));
    expect(await screen.findByText('3 selected')).toBeInTheDocument();
  });

  it('sees a change made after its render and before it listens to the store', async () => {
    const store = newStore();
    // Effects run children first: the child's changes the store before the hook's own effect subscribes.
    render(<SelectedCount store={store} onMounted={() => store.toggleSelected('a')} />);
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
  });

  it('follows the store it is given now, not the one it was first given', async () => {
    const first = newStore();
    const second = newStore();
    second.toggleSelected('x');
    const { rerender } = render(<SelectedCount store={first} />);
    rerender(<SelectedCount store={second} />);
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    act(() => first.toggleSelected('y'));
    act(() => second.toggleSelected('z'));
    expect(await screen.findByText('2 selected')).toBeInTheDocument();
  });
});
