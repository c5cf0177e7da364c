/**
 * The "FC" panel of the block editor: one control per field of the item being edited, labelled
 * with the field's name in the editor's language. The fields come from PHP (window.fcCatalogue,
 * written by class-fc-catalogue-editor.php from FC_Catalogue_Fields), so a field is described
 * once. The panel is open when the editor opens (WordPress would start it collapsed among the
 * sidebar's other panels): the item's fields are what an editor came for.
 *
 * WordPress 6.1 compatible: only APIs 6.1 ships (PluginDocumentSettingPanel from
 * @wordpress/edit-post, useEntityProp, MediaUpload, ComboboxControl, FormTokenField), and the
 * classic JSX runtime (createElement), because 6.1 has no react-jsx-runtime script.
 */
/** @jsxRuntime classic */
/** @jsx createElement */
import { createElement, useEffect } from "@wordpress/element";
import { registerPlugin } from "@wordpress/plugins";
import { PluginDocumentSettingPanel } from "@wordpress/edit-post";
import { useDispatch, useSelect } from "@wordpress/data";
import { useEntityProp } from "@wordpress/core-data";
import { FieldControl } from "./controls";
import "./editor.css";

const config = window.fcCatalogue;
/** The panel's name in the editor's preferences: `<plugin>/<panel>`. */
const PANEL = "fc-catalogue/fc-catalogue-fields";

/** Opens the fields' panel once, when the editor opens. */
function useOpenPanel() {
  const opened = useSelect((select) => select("core/edit-post").isEditorPanelOpened(PANEL), []);
  const { toggleEditorPanelOpened } = useDispatch("core/edit-post");
  useEffect(() => {
    if (!opened) toggleEditorPanelOpened(PANEL);
    // Once per editor load: an editor who closes it keeps it closed until they open another item.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

function FieldsPanel() {
  const postType = useSelect((select) => select("core/editor").getCurrentPostType(), []);
  const [meta, setMeta] = useEntityProp("postType", postType, "meta");
  useOpenPanel();
  if (!config || postType !== config.postType || !meta) return null;
  return (
    <PluginDocumentSettingPanel name="fc-catalogue-fields" title={config.panel} className="fc-catalogue-panel">
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
