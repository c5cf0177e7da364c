<?php
/**
 * Deleting FC Catalogue takes back what it granted: the `catalogue_item` capabilities of every
 * role, Editors' `edit_theme_options` (unless they had it before), and its options. The catalogue
 * itself stays: products, collections and the rest, their fields, the company pages, categories
 * and colours are content (WordPress keeps posts of a post type nobody registers any more).
 *
 * @package FC_Catalogue
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/class-fc-catalogue-roles.php';

FC_Catalogue_Roles::revoke();

global $wpdb;
// A colour's refused hex, kept for ten minutes to show on its edit screen (one per user).
$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s", $wpdb->esc_like( '_transient_fc_catalogue_rejected_term_' ) . '%', $wpdb->esc_like( '_transient_timeout_fc_catalogue_rejected_term_' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
