/**
 * A labelled group of controls (an image with its buttons, the gallery, the hotspots, the company
 * details): the field's name labels the group, so each button keeps its own name ("Choose
 * images", "Move image 2 up"). BaseControl would tie its label to one element by id instead.
 */
/** @jsxRuntime classic */
/** @jsx createElement */
import { createElement } from "@wordpress/element";
import { useInstanceId } from "@wordpress/compose";

export function Group({ label, help, className = "", children }) {
  const id = useInstanceId(Group, "fc-catalogue-group");
  // No template literals inside JSX: gettext's xgettext (scripts/wordpress-i18n.mjs) stops reading there.
  const labelId = id + "-label";
  const helpId = id + "-help";
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={help ? helpId : undefined}
      className={"components-base-control fc-catalogue-group " + className}
    >
      <div className="components-base-control__field">
        <span id={labelId} className="components-base-control__label fc-catalogue-label">
          {label}
        </span>
        {children}
      </div>
      {help ? (
        <p id={helpId} className="components-base-control__help">
          {help}
        </p>
      ) : null}
    </div>
  );
}
