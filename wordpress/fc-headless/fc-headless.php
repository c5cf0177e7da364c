<?php
/**
 * Plugin Name:       FC Headless
 * Description:       Connects this WordPress to FC's site: tells the site what changed (a signed webhook, retried until it arrives), adds Polylang's languages and old slugs to the REST API, opens "View" and "Preview" on the site with signed preview links.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      8.2
 * Author:            FC
 * License:           GPL-2.0-or-later
 * Text Domain:       fc-headless
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || exit;

define( 'FC_HEADLESS_VERSION', '1.0.0' );
define( 'FC_HEADLESS_FILE', __FILE__ );

require_once __DIR__ . '/includes/class-fc-headless-signer.php';
require_once __DIR__ . '/includes/class-fc-headless-batch.php';
require_once __DIR__ . '/includes/class-fc-headless-retry.php';
require_once __DIR__ . '/includes/class-fc-headless-links.php';
require_once __DIR__ . '/includes/class-fc-headless-settings.php';
require_once __DIR__ . '/includes/class-fc-headless-languages.php';
require_once __DIR__ . '/includes/class-fc-headless-delivery.php';
require_once __DIR__ . '/includes/class-fc-headless-events.php';
require_once __DIR__ . '/includes/class-fc-headless-rest.php';
require_once __DIR__ . '/includes/class-fc-headless-preview.php';
require_once __DIR__ . '/includes/class-fc-headless-admin.php';

FC_Headless_Delivery::init();
FC_Headless_Events::init();
FC_Headless_Rest::init();
FC_Headless_Preview::init();
FC_Headless_Admin::init();

/**
 * POST /wp-json/fc-headless/v1/purge-all (administrators): the "Purge everything" button, for
 * scripts. Sends `{"type":"all","id":0,"action":"update"}` at the end of the request.
 */
add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'fc-headless/v1',
			'/purge-all',
			array(
				'methods'             => 'POST',
				'permission_callback' => static fn() => current_user_can( 'manage_options' ),
				'callback'            => static function () {
					FC_Headless_Delivery::enqueue( 'all', 0, 'update' );
					return new WP_REST_Response( array( 'queued' => FC_Headless_Delivery::pending() ), 202 );
				},
			)
		);
	}
);

register_deactivation_hook(
	__FILE__,
	static function () {
		wp_unschedule_hook( FC_Headless_Delivery::CRON_HOOK );
	}
);
