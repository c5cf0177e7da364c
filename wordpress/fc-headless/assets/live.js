/* "Live on the site" in the block editor (FC_Headless_Admin::enqueue_live). After Publish or
 * Update of an item the site shows (and after an update that takes it off the site), ask
 * fc-headless whether the site has taken the change (GET fc-headless/v1/live/<type>/<id>, from
 * the webhook's delivery result: FC_Headless_Live) and say so in a notice above the content:
 * "Live on the site", "The site has not confirmed yet — retrying" (while WP-Cron retries the
 * delivery), or that it gave up. Plain script on WordPress's own wp.data, wp.apiFetch, wp.i18n:
 * nothing to build. */
(function (wp, config) {
  "use strict";
  var __ = wp.i18n.__;
  var NOTICE = "fc-headless-live";
  var SENDING_TRIES = 30; // about 30 s of "sending" before it counts as not confirmed
  var polling = null;

  function notify(status, message) {
    wp.data.dispatch("core/notices").createNotice(status, message, { id: NOTICE, isDismissible: true });
  }

  function show(state, tries) {
    switch (state) {
      case "live":
        notify("success", __("Live on the site", "fc-headless"));
        return null;
      case "failed":
        notify(
          "error",
          __(
            "The site could not be told about this change: it may show the previous version. Settings → FC Headless says why.",
            "fc-headless",
          ),
        );
        return null;
      case "retrying":
        notify("warning", __("The site has not confirmed yet — retrying", "fc-headless"));
        return 5000;
      case "sending":
      case "unknown":
        if (tries >= SENDING_TRIES) {
          notify("warning", __("The site has not confirmed yet — retrying", "fc-headless"));
          return 5000;
        }
        notify("info", __("Sending the change to the site…", "fc-headless"));
        return 1000;
      default:
        return null; // "off": the plugin is not configured (administrators see a notice about it)
    }
  }

  function poll(id, tries) {
    polling = id;
    wp.apiFetch({ path: "/fc-headless/v1/live/" + config.base + "/" + id })
      .then(function (answer) {
        if (polling !== id) return;
        var wait = show(answer && answer.state, tries);
        if (wait)
          setTimeout(function () {
            if (polling === id) poll(id, tries + 1);
          }, wait);
      })
      .catch(function () {
        if (polling === id)
          setTimeout(function () {
            if (polling === id) poll(id, tries + 1);
          }, 5000);
      });
  }

  var saving = false;
  var wasPublished = false;
  wp.data.subscribe(function () {
    var editor = wp.data.select("core/editor");
    var now = editor.isSavingPost() && !editor.isAutosavingPost();
    if (now && !saving) wasPublished = editor.getCurrentPost().status === "publish";
    if (!now && saving && editor.didPostSaveRequestSucceed()) {
      var post = editor.getCurrentPost();
      if (post.status === "publish" || wasPublished) poll(post.id, 0);
    }
    saving = now;
  });
})(window.wp, window.fcHeadlessLive);
