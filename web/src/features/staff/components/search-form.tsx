// A list's search box (products, orders): what is typed goes to the address when Search is pressed,
// trimmed and cut to the length the server takes by the list's own query schema.
import type { InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from '@web/components/ui/button';

type SearchSchema = z.ZodType<{ search?: string | undefined }, { search?: string | undefined }>;

interface SearchFormProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'type'> {
  id: string;
  label: string;
  /** The search in the address now: the box starts with it. */
  value: string;
  /** The list query's schema, its `search` alone (e.g. staffOrdersQuerySchema.pick({ search: true })). */
  schema: SearchSchema;
  /** The search to show, '' for none. */
  onSearch: (search: string) => void;
}

export function SearchForm({ id, label, value, schema, onSearch, ...input }: SearchFormProps) {
  const { register, handleSubmit } = useForm({ resolver: zodResolver(schema), defaultValues: { search: value } });
  return (
    <form role="search" className="staff-search" onSubmit={handleSubmit(({ search }) => onSearch(search ?? ''))}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="staff-search-row">
        <input {...input} id={id} className="input" type="search" {...register('search')} />
        <Button type="submit" size="sm">
          Search
        </Button>
      </div>
    </form>
  );
}
