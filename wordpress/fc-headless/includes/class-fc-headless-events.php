<?php
/**
 * What changes in WordPress, as webhook events for the site's content types only (the site's docs/interfaces.md):
 * publishing, updating, unpublishing, trashing and deleting posts, pages and media (scheduled
 * posts included, when WP-Cron publishes them); creating, editing and deleting the product
 * taxonomies' terms; menus and their items and locations, and the menus that show a term or a post
 * whose name, slug (or a post's title, slug, status) changed; the front page settings; and Polylang
 * translation links (linking or unlinking purges every item of the old and new group).
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || exit;

final class FC_Headless_Events {

	/** Polylang's translation group taxonomies (the fixture's stand-in keeps them the same way). */
	const GROUP_TAXONOMIES = array( 'post_translations', 'term_translations' );

	/** @var array<int, array> members of translation groups before an edit */
	private static $groups_before = array();

	/** @var array<int, string> term slugs before an edit */
	private static $slugs_before = array();

	/** @var array<int, array{name: string, slug: string}> what a menu shows of a term, before an edit */
	private static $labels_before = array();

	public static function init(): void {
		add_action( 'transition_post_status', array( __CLASS__, 'transition' ), 10, 3 );
		add_action( 'trashed_post', array( __CLASS__, 'trashed' ), 10, 1 );
		add_action( 'before_delete_post', array( __CLASS__, 'before_delete' ), 10, 1 );
		add_action( 'deleted_post', array( __CLASS__, 'deleted' ), 10, 2 );
		add_action( 'updated_post_meta', array( __CLASS__, 'post_meta' ), 10, 3 );
		add_action( 'added_post_meta', array( __CLASS__, 'post_meta' ), 10, 3 );
		add_action( 'deleted_post_meta', array( __CLASS__, 'post_meta' ), 10, 3 );

		add_action( 'created_term', array( __CLASS__, 'term_saved' ), 10, 3 );
		add_action( 'edited_term', array( __CLASS__, 'term_saved' ), 10, 3 );
		add_action( 'delete_term', array( __CLASS__, 'term_deleted' ), 10, 4 );
		add_action( 'edit_terms', array( __CLASS__, 'before_term_edit' ), 10, 2 );
		add_action( 'updated_term_meta', array( __CLASS__, 'term_meta' ), 10, 3 );
		add_action( 'added_term_meta', array( __CLASS__, 'term_meta' ), 10, 3 );
		add_action( 'deleted_term_meta', array( __CLASS__, 'term_meta' ), 10, 3 );
		add_action( 'set_object_terms', array( __CLASS__, 'object_terms' ), 10, 6 );

		add_action( 'post_updated', array( __CLASS__, 'post_updated' ), 10, 3 );

		add_action( 'wp_update_nav_menu', array( __CLASS__, 'menu' ), 10, 1 );
		add_action( 'wp_update_nav_menu_item', array( __CLASS__, 'menu' ), 10, 1 );
		add_action( 'wp_add_nav_menu_item', array( __CLASS__, 'menu' ), 10, 1 );
		add_action( 'wp_delete_nav_menu', array( __CLASS__, 'menu_deleted' ), 10, 1 );
		add_action( 'updated_option', array( __CLASS__, 'option' ), 10, 3 );
		add_action( 'added_option', array( __CLASS__, 'option_added' ), 10, 2 );
	}

	// ——— posts, pages, media ——————————————————————————————————————————————————————

	public static function transition( $new_status, $old_status, $post ): void {
		if ( ! $post instanceof WP_Post ) {
			return;
		}
		$base = FC_Headless_Languages::post_base( $post->post_type );
		if ( ! $base ) {
			return;
		}
		if ( 'media' === $base ) {
			// A new upload is not on the site yet; an edit of an existing one is.
			if ( 'new' !== $old_status && 'auto-draft' !== $old_status ) {
				self::post( $post, 'update' );
			}
			return;
		}
		if ( 'publish' === $new_status ) {
			self::post( $post, 'update' ); // published, updated while published, or a scheduled post going live
		} elseif ( 'publish' === $old_status ) {
			self::post( $post, 'delete' ); // unpublished: draft, pending, private, trash
		}
	}

	public static function trashed( $post_id ): void {
		$post = get_post( (int) $post_id );
		if ( $post && 'publish' === get_post_meta( $post->ID, '_wp_trash_meta_status', true ) ) {
			self::post( $post, 'delete' );
		}
	}

	public static function before_delete( $post_id ): void {
		$post = get_post( (int) $post_id );
		if ( $post && 'nav_menu_item' === $post->post_type ) {
			foreach ( wp_get_object_terms( $post->ID, 'nav_menu', array( 'fields' => 'ids' ) ) as $menu_id ) {
				FC_Headless_Delivery::enqueue( 'menu', (int) $menu_id, 'update' );
			}
		}
	}

	public static function deleted( $post_id, $post = null ): void {
		$post = $post instanceof WP_Post ? $post : null;
		if ( ! $post ) {
			return;
		}
		// Drafts were never on the site; trashed items were purged when they went to the trash.
		if ( in_array( $post->post_status, array( 'publish', 'private', 'future', 'inherit' ), true ) ) {
			self::post( $post, 'delete' );
		}
	}

	/** Custom fields changed outside a post save (a save's own changes are deduplicated). */
	public static function post_meta( $meta_id, $post_id, $meta_key ): void {
		$meta_key = (string) $meta_key;
		if ( '' !== $meta_key && '_' === $meta_key[0] && ! in_array( $meta_key, array( '_thumbnail_id', '_wp_attachment_image_alt', '_wp_attachment_metadata' ), true ) ) {
			return;
		}
		$post = get_post( (int) $post_id );
		if ( ! $post || ! FC_Headless_Languages::post_base( $post->post_type ) ) {
			return;
		}
		if ( 'publish' === $post->post_status || 'attachment' === $post->post_type ) {
			self::post( $post, 'update' );
		}
	}

	/** A post's event, and the front page's when the post is (a translation of) the front page. */
	public static function post( WP_Post $post, string $action ): void {
		$base = FC_Headless_Languages::post_base( $post->post_type );
		if ( ! $base ) {
			return;
		}
		FC_Headless_Delivery::enqueue( $base, (int) $post->ID, $action );
		if ( 'pages' === $base ) {
			$front = (int) get_option( 'page_on_front' );
			if ( $front && ( $front === (int) $post->ID || in_array( (int) $post->ID, FC_Headless_Languages::post_translations( $front ), true ) ) ) {
				FC_Headless_Delivery::enqueue( 'front-page', 0, 'update' );
			}
		}
	}

	// ——— terms ——————————————————————————————————————————————————————————————————————

	public static function term_saved( $term_id, $tt_id, $taxonomy ): void {
		self::term_in_menus( (int) $term_id, (string) $taxonomy );
		if ( FC_Headless_Languages::is_site_taxonomy( (string) $taxonomy ) ) {
			self::after_term_edit( $term_id, $taxonomy );
			FC_Headless_Delivery::enqueue( (string) $taxonomy, (int) $term_id, 'update' );
		} elseif ( in_array( $taxonomy, self::GROUP_TAXONOMIES, true ) ) {
			$term   = get_term( (int) $term_id, (string) $taxonomy );
			$before = self::$groups_before[ (int) $term_id ] ?? array();
			unset( self::$groups_before[ (int) $term_id ] );
			self::group_changed( (string) $taxonomy, array_merge( $before, $term instanceof WP_Term ? self::members( $term ) : array() ) );
		}
	}

	public static function term_deleted( $term_id, $tt_id, $taxonomy, $deleted = null ): void {
		if ( FC_Headless_Languages::is_site_taxonomy( (string) $taxonomy ) ) {
			FC_Headless_Delivery::enqueue( (string) $taxonomy, (int) $term_id, 'delete' );
		} elseif ( in_array( $taxonomy, self::GROUP_TAXONOMIES, true ) && $deleted instanceof WP_Term ) {
			self::group_changed( (string) $taxonomy, self::members( $deleted ) );
		}
	}

	public static function before_term_edit( $term_id, $taxonomy ): void {
		$term = get_term( (int) $term_id, (string) $taxonomy );
		if ( ! $term instanceof WP_Term ) {
			return;
		}
		self::$labels_before[ (int) $term_id ] = array(
			'name' => $term->name,
			'slug' => $term->slug,
		);
		if ( in_array( $taxonomy, self::GROUP_TAXONOMIES, true ) ) {
			self::$groups_before[ (int) $term_id ] = self::members( $term );
		} elseif ( FC_Headless_Languages::is_site_taxonomy( (string) $taxonomy ) ) {
			self::$slugs_before[ (int) $term_id ] = $term->slug;
		}
	}

	/**
	 * WordPress keeps no old slugs of terms: the plugin does (`_fc_old_slug`), for the site's 301.
	 * Runs on edited_term, after WordPress has cleaned the term's cache.
	 */
	public static function after_term_edit( $term_id, $taxonomy ): void {
		$before = self::$slugs_before[ (int) $term_id ] ?? null;
		unset( self::$slugs_before[ (int) $term_id ] );
		$term = get_term( (int) $term_id, (string) $taxonomy );
		if ( null === $before || ! $term instanceof WP_Term || $term->slug === $before ) {
			return;
		}
		$old = get_term_meta( (int) $term_id, '_fc_old_slug' );
		if ( in_array( $term->slug, $old, true ) ) {
			delete_term_meta( (int) $term_id, '_fc_old_slug', $term->slug );
		}
		if ( ! in_array( $before, $old, true ) ) {
			add_term_meta( (int) $term_id, '_fc_old_slug', $before );
		}
	}

	public static function term_meta( $meta_id, $term_id, $meta_key ): void {
		if ( '_' === substr( (string) $meta_key, 0, 1 ) ) {
			return;
		}
		$term = get_term( (int) $term_id );
		if ( $term instanceof WP_Term && FC_Headless_Languages::is_site_taxonomy( $term->taxonomy ) ) {
			FC_Headless_Delivery::enqueue( $term->taxonomy, (int) $term->term_id, 'update' );
		}
	}

	/** An item joining or leaving a translation group: everyone in the old and new group. */
	public static function object_terms( $object_id, $terms, $tt_ids, $taxonomy, $append = false, $old_tt_ids = array() ): void {
		if ( ! in_array( $taxonomy, self::GROUP_TAXONOMIES, true ) ) {
			return;
		}
		$new = array_map( 'intval', (array) $tt_ids );
		$old = array_map( 'intval', (array) $old_tt_ids );
		sort( $new );
		sort( $old );
		if ( $new === $old ) {
			return;
		}
		$members = array( (int) $object_id );
		foreach ( array_merge( $new, $old ) as $tt_id ) {
			$term = get_term_by( 'term_taxonomy_id', $tt_id, (string) $taxonomy );
			if ( $term instanceof WP_Term ) {
				$members = array_merge( $members, self::members( $term ) );
			}
		}
		self::group_changed( (string) $taxonomy, $members );
	}

	/** Ids in a Polylang translation group (its description is the serialized `[lang => id]`). */
	public static function members( WP_Term $group ): array {
		$members = maybe_unserialize( $group->description );
		return is_array( $members ) ? array_values( array_filter( array_map( 'intval', $members ) ) ) : array();
	}

	private static function group_changed( string $taxonomy, array $ids ): void {
		foreach ( array_unique( array_map( 'intval', $ids ) ) as $id ) {
			if ( $id <= 0 ) {
				continue;
			}
			if ( 'post_translations' === $taxonomy ) {
				$post = get_post( $id );
				if ( $post ) {
					self::post( $post, 'update' );
				}
			} else {
				$term = get_term( $id );
				if ( $term instanceof WP_Term && FC_Headless_Languages::is_site_taxonomy( $term->taxonomy ) ) {
					FC_Headless_Delivery::enqueue( $term->taxonomy, $id, 'update' );
				}
			}
		}
	}

	// ——— what menus show ——————————————————————————————————————————————————————————————

	/**
	 * A menu item shows its object's title and links to its slug: when a term's name or slug
	 * changes, every menu with an item for that term changes too (WordPress sends nothing for
	 * the menu itself). Any taxonomy: a menu may show a post category as well as FC's.
	 */
	private static function term_in_menus( int $term_id, string $taxonomy ): void {
		$before = self::$labels_before[ $term_id ] ?? null;
		unset( self::$labels_before[ $term_id ] );
		$term = get_term( $term_id, $taxonomy );
		if ( null === $before || ! $term instanceof WP_Term || ( $term->name === $before['name'] && $term->slug === $before['slug'] ) ) {
			return;
		}
		self::menus_showing( $term_id, 'taxonomy', $taxonomy );
	}

	/** A page's (or any post's) title, slug or status changed: the menus that show it, too. */
	public static function post_updated( $post_id, $after, $before ): void {
		if ( ! $after instanceof WP_Post || ! $before instanceof WP_Post || 'nav_menu_item' === $after->post_type || 'revision' === $after->post_type ) {
			return;
		}
		if ( $after->post_title === $before->post_title && $after->post_name === $before->post_name && $after->post_status === $before->post_status ) {
			return;
		}
		self::menus_showing( (int) $post_id, 'post_type', $after->post_type );
	}

	private static function menus_showing( int $object_id, string $object_type, string $object ): void {
		foreach ( wp_get_associated_nav_menu_items( $object_id, $object_type, $object ) as $item_id ) {
			foreach ( wp_get_object_terms( (int) $item_id, 'nav_menu', array( 'fields' => 'ids' ) ) as $menu_id ) {
				self::menu( (int) $menu_id );
			}
		}
	}

	// ——— menus and settings ————————————————————————————————————————————————————————————

	public static function menu( $menu_id ): void {
		if ( (int) $menu_id > 0 ) {
			FC_Headless_Delivery::enqueue( 'menu', (int) $menu_id, 'update' );
		}
	}

	public static function menu_deleted( $menu_id ): void {
		if ( (int) $menu_id > 0 ) {
			FC_Headless_Delivery::enqueue( 'menu', (int) $menu_id, 'delete' );
		}
	}

	public static function option( $option, $old, $value ): void {
		if ( in_array( $option, array( 'page_on_front', 'show_on_front' ), true ) ) {
			if ( $old != $value ) { // phpcs:ignore Universal.Operators.StrictComparisons
				FC_Headless_Delivery::enqueue( 'front-page', 0, 'update' );
			}
			return;
		}
		if ( 0 === strpos( (string) $option, 'theme_mods_' ) ) {
			$before = is_array( $old ) && is_array( $old['nav_menu_locations'] ?? null ) ? $old['nav_menu_locations'] : array();
			$after  = is_array( $value ) && is_array( $value['nav_menu_locations'] ?? null ) ? $value['nav_menu_locations'] : array();
			foreach ( array_unique( array_merge( array_keys( $before ), array_keys( $after ) ) ) as $location ) {
				$was = (int) ( $before[ $location ] ?? 0 );
				$is  = (int) ( $after[ $location ] ?? 0 );
				if ( $was !== $is ) {
					self::menu( $was );
					self::menu( $is );
				}
			}
		}
	}

	public static function option_added( $option, $value ): void {
		self::option( $option, null, $value );
	}
}
