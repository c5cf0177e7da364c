<?php
/**
 * Plugin Name:       FC Headless
 * Description:       Connects this WordPress to FC's site: tells the site what changed (a signed webhook, retried until it arrives) and shows the editor when the site has taken it, adds Polylang's languages and old slugs to the REST API, opens "View" and "Preview" on the site with signed preview links.
 * Version:           1.1.0
 * Requires at least: 6.1
 * Requires PHP:      8.2
 * Author:            FC
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       fc-headless
 * Domain Path:       /languages
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || exit;

define( 'FC_HEADLESS_VERSION', '1.1.0' );
define( 'FC_HEADLESS_FILE', __FILE__ );

require_once __DIR__ . '/includes/class-fc-headless-signer.php';
require_once __DIR__ . '/includes/class-fc-headless-batch.php';
require_once __DIR__ . '/includes/class-fc-headless-retry.php';
require_once __DIR__ . '/includes/class-fc-headless-links.php';
require_once __DIR__ . '/includes/class-fc-headless-settings.php';
require_once __DIR__ . '/includes/class-fc-headless-languages.php';
require_once __DIR__ . '/includes/class-fc-headless-live.php';
require_once __DIR__ . '/includes/class-fc-headless-delivery.php';
require_once __DIR__ . '/includes/class-fc-headless-events.php';
require_once __DIR__ . '/includes/class-fc-headless-rest.php';
require_once __DIR__ . '/includes/class-fc-headless-preview.php';
require_once __DIR__ . '/includes/class-fc-headless-admin.php';

// The plugin's own translations (languages/).
add_action(
	'init',
	static function () {
		load_plugin_textdomain( 'fc-headless', false, dirname( plugin_basename( FC_HEADLESS_FILE ) ) . '/languages' );
	},
	0
);

FC_Headless_Delivery::init();
FC_Headless_Events::init();
FC_Headless_Rest::init();
FC_Headless_Preview::init();
FC_Headless_Admin::init();

register_deactivation_hook(
	__FILE__,
	static function () {
		wp_unschedule_hook( FC_Headless_Delivery::CRON_HOOK );
	}
);
