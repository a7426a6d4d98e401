// The delivery fee, as staff set it on the Delivery page: negotiable with the rider (the spec's way),
// or a table of rates by district (a sector when wanted) and order size, with a free-delivery
// threshold. Checked with the server's own schema (delivery-fees.schema.ts) before it is sent.
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { deliveryFeesSchema, type DeliveryFees, type DeliveryFeesReply } from '@server/modules/delivery/delivery-fees.schema';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { useRemote } from '../use-remote';
import { Field } from './form-fields';
import { LoadState } from './load-state';
import { submitStaffForm } from '../staff-form';

type Values = z.input<typeof deliveryFeesSchema>;

const fetchFees = async () => (await api.get('delivery/fees').json<DeliveryFeesReply>()).fees;
const saveFees = (fees: DeliveryFees) => api.put('admin/delivery/fees', { json: fees }).json<DeliveryFeesReply>();
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

function FeesForm({ fees, onSaved }: { fees: Values; onSaved: () => void }) {
  const form = useForm<Values, unknown, DeliveryFees>({ resolver: zodResolver(deliveryFeesSchema), defaultValues: fees });
  const { register, control, formState } = form;
  const rates = useFieldArray({ control, name: 'rates' });
  const mode = useWatch({ control, name: 'mode' });
  const submit = submitStaffForm(form, { failureMessage: 'Could not save the delivery fee' }, async (input) => {
    toast.success((await saveFees(input)).message ?? 'Delivery fees saved');
    onSaved();
  });
  return (
    <form onSubmit={submit} noValidate>
      <label className="staff-search-row">
        How the fee is set{' '}
        <select className="input" {...register('mode')}>
          <option value="negotiable">Negotiable with the rider at the door</option>
          <option value="table">By district and order size (quoted before paying)</option>
        </select>
      </label>
      {mode === 'table' ? (
        <>
          {rates.fields.map((field, index) => (
            <fieldset key={field.id} className="staff-fieldset">
              <legend>Rate {index + 1}</legend>
              <Field label="District" error={formState.errors.rates?.[index]?.district?.message} {...register(`rates.${index}.district`)} />
              <Field label="Sector (empty: the whole district)" {...register(`rates.${index}.sector`)} />
              <Field label="For orders from (frw)" inputMode="numeric" {...register(`rates.${index}.from`, { valueAsNumber: true })} />
              <Field label="Fee (frw)" inputMode="numeric" error={formState.errors.rates?.[index]?.fee?.message} {...register(`rates.${index}.fee`, { valueAsNumber: true })} />
              <Button size="sm" variant="ghost" onClick={() => rates.remove(index)}>
                Remove rate
              </Button>
            </fieldset>
          ))}
          {formState.errors.rates?.message ? <p className="field-error">{formState.errors.rates.message}</p> : null}
          <Button size="sm" variant="secondary" onClick={() => rates.append({ district: '', sector: null, from: 0, fee: 0 })}>
            Add a rate
          </Button>
          <Field label="Free delivery from (frw, empty: never)" inputMode="numeric" error={formState.errors.freeFrom?.message} {...register('freeFrom', { setValueAs: (value: string | number | null) => (typeof value === 'string' ? numberOrNull(value) : value) })} />
        </>
      ) : null}
      <Button type="submit" busy={formState.isSubmitting}>
        Save the delivery fee
      </Button>
    </form>
  );
}

/** The Delivery page's fee section. */
export function DeliveryFeesSection() {
  const { state, reload } = useRemote(fetchFees, [], 'Could not load the delivery fee');
  return (
    <section className="staff-section" aria-labelledby="fees-title">
      <h2 id="fees-title" className="staff-section-title">
        Delivery fee
      </h2>
      <LoadState state={state} onRetry={() => void reload()} label="Loading the delivery fee..." />
      {state.data ? <FeesForm key={JSON.stringify(state.data)} fees={state.data} onSaved={() => void reload()} /> : null}
    </section>
  );
}
