import type { ReactNode } from 'react';
import { Accordion } from 'react-bootstrap';

export interface EditorSectionProps {
  eventKey: string;
  title: ReactNode;
  children: ReactNode;
}

/** One collapsible section of an editor modal's accordion, its header a level-3 heading. */
export function EditorSection({ eventKey, title, children }: EditorSectionProps) {
  return (
    <Accordion.Item eventKey={eventKey}>
      <Accordion.Header as="h3">{title}</Accordion.Header>
      <Accordion.Body>{children}</Accordion.Body>
    </Accordion.Item>
  );
}
