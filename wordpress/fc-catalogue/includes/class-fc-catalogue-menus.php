<?php
/**
 * Appearance → Menus as FC's editors meet it. WordPress shows a new user only the boxes of pages,
 * posts, custom links and post categories, and hides every other box behind Screen Options; FC's
 * menus hold product categories, collections and pages, and FC has no blog. So on a user's first
 * visit (when WordPress writes their list of hidden boxes) the Product categories, Collections and
 * Exclusives boxes are shown and the blog's Posts and Categories hidden instead; Screen Options
 * changes it as usual afterwards.
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Menus {

	const HIDDEN_META = 'metaboxhidden_nav-menus';

	const SHOWN_FIRST  = array( 'add-product_categories', 'add-post-type-collections', 'add-post-type-exclusives' );
	const HIDDEN_FIRST = array( 'add-post-type-post', 'add-category' );

	public static function init(): void {
		add_filter( 'sanitize_user_meta_' . self::HIDDEN_META, array( __CLASS__, 'first_hidden_boxes' ), 10, 3 );
	}

	/** The list WordPress writes on a first visit (nothing stored yet), with FC's boxes shown. */
	public static function first_hidden_boxes( $hidden, $meta_key = '', $object_type = '' ) {
		global $wpdb;
		if ( ! is_array( $hidden ) ) {
			return $hidden;
		}
		$user = get_current_user_id();
		// The stored row itself: get_user_option() would also see a value another site of a network stored.
		if ( ! $user || null !== $wpdb->get_var( $wpdb->prepare( "SELECT umeta_id FROM {$wpdb->usermeta} WHERE user_id = %d AND meta_key = %s", $user, self::HIDDEN_META ) ) ) {
			return $hidden;
		}
		return array_values( array_unique( array_merge( array_diff( $hidden, self::SHOWN_FIRST ), self::HIDDEN_FIRST ) ) );
	}
}
