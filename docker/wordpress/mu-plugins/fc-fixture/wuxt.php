<?php
/**
 * The three routes of the wuxt plugin the site reads (namespace `wuxt`, routes under /v1), written
 * to answer as stock wuxt answers — front page, menu tree, post or page by slug — for a WordPress
 * without wuxt. Stock wuxt's own functions win where it is installed. Languages (`lang`) are the
 * fc-headless plugin's addition, not this file's.
 *
 * @package FC_Fixture
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'rest_api_init',
	static function () {
		if ( function_exists( 'wuxt_get_menu' ) || function_exists( 'wuxt_get_front_page' ) ) {
			return; // The real wuxt is installed.
		}
		register_rest_route(
			'wuxt',
			'/v1/front-page',
			array(
				'methods'             => 'GET',
				'callback'            => 'fc_wuxt_front_page',
				'permission_callback' => '__return_true',
			)
		);
		register_rest_route(
			'wuxt',
			'/v1/menu',
			array(
				'methods'             => 'GET',
				'callback'            => 'fc_wuxt_menu',
				'permission_callback' => '__return_true',
			)
		);
		register_rest_route(
			'wuxt',
			'/v1/slug/(?P<slug>\S+)',
			array(
				'methods'             => 'GET',
				'callback'            => 'fc_wuxt_slug',
				'permission_callback' => '__return_true',
			)
		);
	}
);

/** GET wuxt/v1/front-page: the page set as front page, as wp/v2/pages/{id} answers it. */
function fc_wuxt_front_page( WP_REST_Request $request ) {
	$inner = new WP_REST_Request( 'GET', '/wp/v2/posts' );
	$front = get_option( 'page_on_front' );
	if ( $front ) {
		$inner = new WP_REST_Request( 'GET', '/wp/v2/pages/' . $front );
	}
	$response = rest_do_request( $inner );
	if ( $response->is_error() ) {
		return new WP_Error( 'wuxt_request_error', __( 'Request Error' ), array( 'status' => 500 ) );
	}
	$embed = null !== $request->get_param( '_embed' );
	return rest_get_server()->response_to_data( $response, $embed );
}

/** GET wuxt/v1/slug/{slug}: the first post with that slug, else the first page. */
function fc_wuxt_slug( WP_REST_Request $request ) {
	$slug  = $request->get_param( 'slug' );
	$inner = new WP_REST_Request( 'GET', '/wp/v2/posts' );
	$inner->set_param( 'slug', $slug );
	$response = rest_do_request( $inner );
	if ( ! $response->get_data() ) {
		$inner = new WP_REST_Request( 'GET', '/wp/v2/pages' );
		$inner->set_param( 'slug', $slug );
		$response = rest_do_request( $inner );
	}
	if ( ! $response->get_data() ) {
		return new WP_Error( 'wuxt_no_such_slug', __( 'Slug does not exist' ), array( 'status' => 404 ) );
	}
	$embed = null !== $request->get_param( '_embed' );
	$data  = rest_get_server()->response_to_data( $response, $embed );
	return $data[0];
}

/**
 * GET wuxt/v1/menu?location=: the menu at a theme location as a tree keyed by item id, each item
 * the nav menu item post with `isCurrent`, `level` and `children` (`[]` when it has none); `main`
 * when none is asked for. Stock wuxt's edge cases, as its published source behaves:
 * - a menu without items: null, which WordPress sends as a 200 with no body at all;
 * - a location without a menu: 404 `wuxt_menu_error`;
 * - a location whose menu was deleted: a PHP fatal (its Menu class throws on an empty name): 500;
 * - a post type archive item: a PHP fatal (its static archive check reads `$this`): 500.
 */
function fc_wuxt_menu( WP_REST_Request $request ) {
	$params    = $request->get_params();
	$locations = get_nav_menu_locations();
	$location  = isset( $params['location'] ) ? $params['location'] : 'main';
	if ( ! isset( $locations[ $location ] ) ) {
		return new WP_Error( 'wuxt_menu_error', __( 'Menu location does not exist' ), array( 'status' => 404 ) );
	}
	$menu = get_term( $locations[ $location ], 'nav_menu' );
	if ( ! $menu instanceof WP_Term ) {
		throw new Exception( 'No menu name provided.' );
	}
	$items = wp_get_nav_menu_items( $menu->term_id );
	if ( ! is_array( $items ) ) {
		return null;
	}
	_wp_menu_item_classes_by_context( $items );
	$with_children = array();
	foreach ( $items as $item ) {
		if ( $item->menu_item_parent ) {
			$with_children[ $item->menu_item_parent ] = true;
		}
	}
	foreach ( $items as $item ) {
		if ( 'post_type_archive' === $item->type ) {
			throw new Error( 'Using $this when not in object context' );
		}
		if ( isset( $with_children[ $item->ID ] ) ) {
			$item->classes[] = 'menu-item-has-children';
		}
		$item->isCurrent = false; // phpcs:ignore WordPress.NamingConventions.ValidVariableName
		if ( $item->current_item_ancestor ) {
			$item->isCurrent = 'ancestor'; // phpcs:ignore WordPress.NamingConventions.ValidVariableName
		}
		if ( $item->current_item_parent && 'taxonomy' !== $item->type ) {
			$item->isCurrent = 'parent ancestor'; // phpcs:ignore WordPress.NamingConventions.ValidVariableName
		}
		if ( $item->current ) {
			$item->isCurrent = 'current'; // phpcs:ignore WordPress.NamingConventions.ValidVariableName
		}
	}
	$tree = fc_wuxt_tree( $items, 0, 1 );
	return $tree ? $tree : null;
}

function fc_wuxt_tree( array $items, int $parent, int $level ): array {
	$branch = array();
	foreach ( $items as $item ) {
		if ( (int) $item->menu_item_parent === $parent ) {
			$item->level    = $level;
			$children       = fc_wuxt_tree( $items, (int) $item->ID, $level + 1 );
			$item->children = $children ? $children : array();
			$branch[ $item->ID ] = $item;
		}
	}
	return $branch;
}
