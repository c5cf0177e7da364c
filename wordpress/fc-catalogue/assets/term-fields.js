/* The term screens' fields (class-fc-catalogue-term-fields.php): a colour picker beside Hex, the
 * media library on a category's Image. Plain script on WordPress's own jQuery, wp.media,
 * wpColorPicker and wp.i18n (its strings are translated like the editor panel's): nothing to build. */
(function ($, i18n) {
  "use strict";
  var __ = i18n.__;

  function bind(root) {
    $(root)
      .find(".fc-catalogue-hex")
      .each(function () {
        if (!$(this).closest(".wp-picker-container").length) $(this).wpColorPicker();
      });
    $(root)
      .find(".fc-catalogue-image")
      .each(function () {
        var box = $(this);
        if (box.data("fcBound")) return;
        box.data("fcBound", true);
        var input = box.find("input[type=hidden]");
        var slot = box.find(".fc-catalogue-image-slot");
        var choose = box.find(".fc-catalogue-image-choose");
        var remove = box.find(".fc-catalogue-image-remove");
        var frame;
        choose.on("click", function (event) {
          event.preventDefault();
          if (!frame) {
            frame = wp.media({
              title: __("Choose image", "fc-catalogue"),
              library: { type: "image" },
              button: { text: __("Use this image", "fc-catalogue") },
              multiple: false,
            });
            frame.on("select", function () {
              var image = frame.state().get("selection").first().toJSON();
              var size = (image.sizes && (image.sizes.thumbnail || image.sizes.full)) || image;
              input.val(image.id).trigger("change");
              slot
                .empty()
                .append(
                  $("<img>", { src: size.url, alt: image.alt || "", class: "fc-catalogue-image-preview", width: 150 }),
                );
              choose.text(__("Replace image", "fc-catalogue"));
              remove.prop("hidden", false);
            });
          }
          frame.open();
        });
        remove.on("click", function (event) {
          event.preventDefault();
          input.val("0").trigger("change");
          slot.empty();
          choose.text(__("Choose image", "fc-catalogue"));
          remove.prop("hidden", true);
        });
      });
  }

  $(function () {
    bind(document);
    // "Add New" posts over ajax and clears the form: clear our fields with it.
    $(document).ajaxComplete(function (event, xhr, settings) {
      if (!settings || typeof settings.data !== "string" || settings.data.indexOf("action=add-tag") === -1) return;
      if (xhr.responseXML && $(xhr.responseXML).find("wp_error").length) return; // refused: keep what was typed
      var form = $("#addtag");
      form.find(".fc-catalogue-image input[type=hidden]").val("0");
      form.find(".fc-catalogue-image-slot").empty();
      form.find(".fc-catalogue-image-choose").text(__("Choose image", "fc-catalogue"));
      form.find(".fc-catalogue-image-remove").prop("hidden", true);
      form.find(".fc-catalogue-hex").val("").trigger("change");
    });
  });
})(jQuery, wp.i18n);
