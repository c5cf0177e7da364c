<?php
/**
 * Removes the plugin's options and scheduled retries (old term slugs stay: they are content).
 *
 * @package FC_Headless
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'fc_headless_settings' );
delete_option( 'fc_headless_failures' );
delete_option( 'fc_headless_last_delivery' );
wp_unschedule_hook( 'fc_headless_retry' );
