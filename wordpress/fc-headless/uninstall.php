<?php
/**
 * Removes the plugin's options, its record of what the site has taken (the editor's "Live on the
 * site") and scheduled retries (old term slugs stay: they are content).
 *
 * @package FC_Headless
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'fc_headless_settings' );
delete_option( 'fc_headless_failures' );
delete_option( 'fc_headless_last_delivery' );
wp_unschedule_hook( 'fc_headless_retry' );

global $wpdb;
$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s", $wpdb->esc_like( '_transient_fc_headless_live_' ) . '%', $wpdb->esc_like( '_transient_timeout_fc_headless_live_' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
