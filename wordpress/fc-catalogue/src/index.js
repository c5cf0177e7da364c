/**
 * The "FC" panel of the block editor: one control per field of the item being edited, labelled
 * with the field's English name. The fields come from PHP (window.fcCatalogue, written by
 * class-fc-catalogue-editor.php from FC_Catalogue_Fields), so a field is described once.
 *
 * WordPress 6.1 compatible: only APIs 6.1 ships (PluginDocumentSettingPanel from
 * @wordpress/edit-post, useEntityProp, MediaUpload, ComboboxControl, FormTokenField), and the
 * classic JSX runtime (createElement), because 6.1 has no react-jsx-runtime script.
 */
/** @jsxRuntime classic */
/** @jsx createElement */
import { createElement } from "@wordpress/element";
import { registerPlugin } from "@wordpress/plugins";
import { PluginDocumentSettingPanel } from "@wordpress/edit-post";
import { useSelect } from "@wordpress/data";
import { useEntityProp } from "@wordpress/core-data";
import { FieldControl } from "./controls";
import "./editor.css";

const config = window.fcCatalogue;

function FieldsPanel() {
  const postType = useSelect((select) => select("core/editor").getCurrentPostType(), []);
  const [meta, setMeta] = useEntityProp("postType", postType, "meta");
  if (!config || postType !== config.postType || !meta) return null;
  const title = config.types[postType] ? `${config.types[postType]} details` : "Front page";
  return (
    <PluginDocumentSettingPanel name="fc-catalogue-fields" title={title} className="fc-catalogue-panel">
      <div className="fc-catalogue-fields">
      {Object.entries(config.fields).map(([key, field]) => (
        <FieldControl
          key={key}
          name={key}
          field={field}
          value={meta[key]}
          meta={meta}
          config={config}
          onChange={(value) => setMeta({ ...meta, [key]: value })}
        />
      ))}
      </div>
    </PluginDocumentSettingPanel>
  );
}

if (config) registerPlugin("fc-catalogue", { render: FieldsPanel, icon: null });
