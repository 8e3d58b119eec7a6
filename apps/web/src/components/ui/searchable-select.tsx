import { matchesSearch } from '@desk/domain';
import { Form } from 'react-bootstrap';
import Select, { type StylesConfig } from 'react-select';

export interface SearchableSelectProps<T> {
  inputId: string;
  /** A visible label above the control; otherwise give 'aria-label'. */
  label?: string;
  options: T[];
  value: T | null;
  onChange: (v: T | null) => void;
  getOptionLabel: (o: T) => string;
  getOptionValue: (o: T) => string;
  isLoading?: boolean;
  isDisabled?: boolean;
  isClearable?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

// The menu is rendered into <body> so that modals and scrolling tables do not clip it; it must
// then sit above Bootstrap's modal (z-index 1055).
const styles: StylesConfig<unknown, false> = {
  menuPortal: (base) => ({ ...base, zIndex: 1080 }),
  control: (base, state) => ({
    ...base,
    minHeight: 'calc(1.5em + 0.75rem + 2px)',
    borderColor: state.isFocused ? '#86b7fe' : 'var(--bs-border-color)',
    boxShadow: state.isFocused ? '0 0 0 0.25rem rgb(13 110 253 / 25%)' : 'none',
    '&:hover': { borderColor: state.isFocused ? '#86b7fe' : 'var(--bs-border-color)' },
  }),
  option: (base, state) => ({
    ...base,
    backgroundColor: state.isSelected
      ? 'var(--bs-primary)'
      : state.isFocused
        ? 'var(--bs-primary-bg-subtle)'
        : base.backgroundColor,
    color: state.isSelected ? '#fff' : 'var(--bs-body-color)',
  }),
  placeholder: (base) => ({ ...base, color: 'var(--bs-secondary-color)' }),
};

/**
 * A searchable dropdown (react-select). Search ignores case and accents, trims the input and
 * matches anywhere in the label or the value (docs/product.md section 9), so an id finds its row too.
 */
export function SearchableSelect<T>(props: SearchableSelectProps<T>) {
  const {
    inputId,
    label,
    options,
    value,
    onChange,
    getOptionLabel,
    getOptionValue,
    isLoading = false,
    isDisabled = false,
    isClearable = false,
    placeholder,
  } = props;

  return (
    <>
      {label && <Form.Label htmlFor={inputId}>{label}</Form.Label>}
      <Select<T, false>
        inputId={inputId}
        instanceId={inputId}
        aria-label={props['aria-label']}
        options={options}
        value={value}
        onChange={(v) => onChange(v ?? null)}
        getOptionLabel={getOptionLabel}
        getOptionValue={getOptionValue}
        filterOption={(option, input) => matchesSearch(option.label, input) || matchesSearch(option.value, input)}
        isLoading={isLoading}
        isDisabled={isDisabled}
        isClearable={isClearable}
        placeholder={placeholder ?? (isLoading ? 'Loading...' : 'Search...')}
        noOptionsMessage={() => 'No options'}
        loadingMessage={() => 'Loading...'}
        maxMenuHeight={300}
        minMenuHeight={140}
        pageSize={5}
        menuPlacement="auto"
        menuPortalTarget={typeof document === 'undefined' ? null : document.body}
        styles={styles as StylesConfig<T, false>}
      />
    </>
  );
}
