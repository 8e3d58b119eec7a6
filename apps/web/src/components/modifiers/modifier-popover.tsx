import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Overlay, Popover, type ButtonProps } from 'react-bootstrap';

export interface ModifierPopoverProps {
  /** The popover title, e.g. 'Add Lift modifier'. */
  title: string;
  /** What the trigger button shows. */
  buttonContent: ReactNode;
  /** The trigger button's accessible name when its content is only a symbol. */
  buttonLabel?: string;
  buttonVariant?: ButtonProps['variant'];
  buttonClassName?: string;
  /** The popover's content; `close` hides it (after a save, or on Cancel). */
  children: (close: () => void) => ReactNode;
}

const FIXED = { strategy: 'fixed' as const };

/** A click inside a react-select menu, which SearchableSelect renders into <body>. */
function isInSelectMenu(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[id^="react-select-"]') !== null;
}

/**
 * A button that opens a popover form; a click outside or Escape closes it (rootClose). The
 * popover is rendered next to its button rather than in <body>, so that inside a modal the
 * modal's focus trap leaves its fields alone.
 */
export function ModifierPopover({
  title,
  buttonContent,
  buttonLabel,
  buttonVariant = 'outline-primary',
  buttonClassName,
  children,
}: ModifierPopoverProps) {
  const popoverId = useId();
  const [show, setShow] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLSpanElement>(null);

  const close = () => {
    setShow(false);
    buttonRef.current?.focus();
  };

  // Escape closes this popover only, not the modal around it (which listens on the document).
  // With the product menu open, Escape closes just the menu (react-select does that itself).
  const keepEscapeInside = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    const target = event.target as Element;
    if (target.getAttribute('aria-expanded') !== 'true') close();
  };

  return (
    <span className="d-inline-block">
      <Button
        ref={buttonRef}
        size="sm"
        variant={buttonVariant}
        className={buttonClassName}
        aria-label={buttonLabel}
        aria-expanded={show}
        aria-controls={show ? popoverId : undefined}
        onClick={() => setShow((open) => !open)}
      >
        {buttonContent}
      </Button>
      <span ref={containerRef} />
      <Overlay
        target={buttonRef}
        container={containerRef}
        show={show}
        placement="auto"
        // Fixed positioning: the popover is not clipped by the scrolling modal body or the cart's
        // table wrapper, and may overlap the modal footer instead of hiding behind it. flip lets
        // 'auto' choose the side with room (without it the popover slides over its own button).
        popperConfig={FIXED}
        flip
        rootClose
        onHide={(event) => {
          const target = event?.target as Node | null;
          // The trigger toggles by itself; the product menu lives in <body> but belongs to the form;
          // Escape inside the popover was handled on keydown.
          if (target && buttonRef.current?.contains(target)) return;
          if (isInSelectMenu(event?.target ?? null)) return;
          if (event?.type === 'keyup' && target && containerRef.current?.contains(target)) return;
          setShow(false);
        }}
      >
        <Popover id={popoverId} style={{ width: '23rem', maxWidth: '92vw' }} onKeyDown={keepEscapeInside}>
          <Popover.Header as="h3" className="fs-6">
            {title}
          </Popover.Header>
          <Popover.Body>{children(close)}</Popover.Body>
        </Popover>
      </Overlay>
    </span>
  );
}
