import { FieldError, invalidProps } from "~/components/ui/field-error";
import { MAX_CHOOSE_COUNT } from "~/lib/selection";

/**
 * How many photos a link's clients choose: the rule (up to, exactly) and the number, in the new link's form and in
 * each link's own. An input the last post refused is marked, its message beside it.
 */
export function ChooseRuleFields({
  idPrefix,
  mode,
  count,
  errorOf,
  hintId,
}: {
  idPrefix: string;
  mode: string;
  count: string;
  errorOf: (name: string) => string | null;
  hintId?: string;
}) {
  const modeId = `${idPrefix}-mode`;
  const countId = `${idPrefix}-count`;
  return (
    <>
      <div className="field">
        <label htmlFor={modeId}>Rule</label>
        <select
          id={modeId}
          name="chooseMode"
          defaultValue={mode || "up-to"}
          {...invalidProps(errorOf("chooseMode"), modeId)}
        >
          <option value="up-to">Up to</option>
          <option value="exactly">Exactly</option>
        </select>
        <FieldError id={modeId} message={errorOf("chooseMode")} />
      </div>
      <div className="field">
        <label htmlFor={countId}>Number</label>
        <input
          id={countId}
          name="chooseCount"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CHOOSE_COUNT}
          defaultValue={count}
          {...invalidProps(errorOf("chooseCount"), countId, hintId)}
        />
        <FieldError id={countId} message={errorOf("chooseCount")} />
      </div>
    </>
  );
}
