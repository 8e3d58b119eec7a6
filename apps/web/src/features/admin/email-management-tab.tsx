/** Automatic e-mail templates (SPEC.md section 2, "Admin home" 2); built by the e-mail issue. */
export function EmailManagementTab() {
  return (
    <p className="text-secondary mb-0">
      Quote and order e-mail templates and the forwarding address will be managed here.
    </p>
  );
}
