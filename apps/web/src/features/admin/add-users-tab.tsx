/** New user accounts (SPEC.md section 2, "Admin home" 4); built by the user-management issue. */
export function AddUsersTab() {
  return <p className="text-secondary mb-0">New user accounts will be added here.</p>;
}
