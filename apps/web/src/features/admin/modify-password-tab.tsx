/** Password change (SPEC.md section 2, "Admin home" 3); built by the user-management issue. */
export function ModifyPasswordTab() {
  return <p className="text-secondary mb-0">Changing a user's password will be done here.</p>;
}
