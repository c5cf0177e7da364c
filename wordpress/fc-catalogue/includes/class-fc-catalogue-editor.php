<?php
/**
 * The block editor's panel of an item's fields (build/index.js, built from src/ by
 * @wordpress/scripts): one control per field of the item being edited, labelled in the editor's
 * language (the script's strings through @wordpress/i18n, with the JSON translations in
 * languages/; the fields' labels from PHP). The script gets the fields from FC_Catalogue_Fields
 * (window.fcCatalogue), so a field is described once, together with the stored relations that
 * are no longer published (to show "in the trash" rather than an empty field). The front page's
 * fields show on the page set as front page (and its translations) only. Every @wordpress/*
 * package the script uses is the editor's own copy (the build lists them in
 * build/index.asset.php as dependencies); only APIs WordPress 6.1 ships are used.
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Editor {

	const HANDLE = 'fc-catalogue-editor';

	public static function init(): void {
		add_action( 'enqueue_block_editor_assets', array( __CLASS__, 'enqueue' ) );
		add_action( 'admin_notices', array( __CLASS__, 'missing_build_notice' ) );
		add_filter( 'rest_pre_dispatch', array( __CLASS__, 'reads_of_the_editor' ), 10, 3 );
	}

	/**
	 * Two reads WordPress 6.1's block editor makes on every new item (its pre-publish check looks
	 * for a default post category), whatever the post type, which logged a 403 in the console of
	 * Editors and Authors: `GET /wp/v2/settings` (for a user who edits but may not manage options:
	 * an empty object, no setting is theirs to read) and `GET /wp/v2/categories?context=edit` (for
	 * a user who may not edit post categories: answered as `view`, what anyone may read).
	 */
	public static function reads_of_the_editor( $result, $server, $request ) {
		if ( null !== $result || ! $request instanceof WP_REST_Request || 'GET' !== $request->get_method() || ! current_user_can( 'edit_posts' ) ) {
			return $result;
		}
		$route = untrailingslashit( $request->get_route() );
		if ( '/wp/v2/settings' === $route && ! current_user_can( 'manage_options' ) ) {
			return new WP_REST_Response( new stdClass(), 200 );
		}
		if ( preg_match( '#^/wp/v2/categories(/\d+)?$#', $route ) && 'edit' === $request->get_param( 'context' ) && ! current_user_can( 'manage_categories' ) ) {
			$request->set_param( 'context', 'view' );
		}
		return $result;
	}

	private static function asset(): ?array {
		$file = dirname( FC_CATALOGUE_FILE ) . '/build/index.asset.php';
		return is_file( $file ) ? require $file : null;
	}

	public static function enqueue(): void {
		$post = get_post();
		if ( ! $post ) {
			return;
		}
		$fields = FC_Catalogue_Fields::of( $post->post_type );
		if ( FC_Catalogue_Fields::FRONT_PAGE === $post->post_type && ! self::is_front_page( (int) $post->ID ) ) {
			$fields = array();
		}
		$asset = self::asset();
		if ( ! $fields || ! $asset ) {
			return;
		}
		$url = plugins_url( 'build/', FC_CATALOGUE_FILE );
		wp_enqueue_script( self::HANDLE, $url . 'index.js', $asset['dependencies'], $asset['version'], true );
		wp_set_script_translations( self::HANDLE, 'fc-catalogue', dirname( FC_CATALOGUE_FILE ) . '/languages' );
		if ( is_file( dirname( FC_CATALOGUE_FILE ) . '/build/index.css' ) ) {
			wp_enqueue_style( self::HANDLE, $url . 'index.css', array( 'wp-components' ), $asset['version'] );
		}
		wp_add_inline_script( self::HANDLE, 'window.fcCatalogue = ' . wp_json_encode( self::config( $post, $fields ) ) . ';', 'before' );
	}

	/** What the script needs besides its own strings: the fields, and how to name and search each type. */
	private static function config( WP_Post $post, array $fields ): array {
		$types = array();
		foreach ( array_keys( FC_Catalogue_Model::post_types() ) as $type ) {
			$types[ $type ] = array(
				'panel'  => FC_Catalogue_Labels::panel( $type ),
				'search' => FC_Catalogue_Labels::search_help( $type ),
			);
		}
		return array(
			'postType'     => $post->post_type,
			'panel'        => FC_Catalogue_Labels::panel( $post->post_type ),
			'fields'       => $fields,
			'companyParts' => FC_Catalogue_Fields::company_parts(),
			'types'        => $types,
			'language'     => self::language( $post ),
			// Stored relations that are not published: their state (trash, missing, draft) by id.
			'unavailable'  => (object) FC_Catalogue_Relations::unavailable( $post ),
		);
	}

	/**
	 * The language of the item being edited, which relations are offered in: its own, or for a
	 * new item the translation's being added (Polylang's `new_lang`), or the default language.
	 */
	private static function language( WP_Post $post ): string {
		if ( ! function_exists( 'pll_get_post_language' ) ) {
			return '';
		}
		$lang = (string) pll_get_post_language( (int) $post->ID );
		if ( '' === $lang && isset( $_GET['new_lang'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification -- read-only
			$lang = sanitize_key( wp_unslash( $_GET['new_lang'] ) ); // phpcs:ignore WordPress.Security.NonceVerification
		}
		if ( '' === $lang && function_exists( 'pll_default_language' ) ) {
			$lang = (string) pll_default_language();
		}
		return $lang;
	}

	/** The page set as front page, or one of its translations. */
	public static function is_front_page( int $id ): bool {
		$front = (int) get_option( 'page_on_front' );
		if ( ! $front ) {
			return false;
		}
		if ( $front === $id ) {
			return true;
		}
		return function_exists( 'pll_get_post_translations' ) && in_array( $id, array_map( 'intval', (array) pll_get_post_translations( $front ) ), true );
	}

	public static function missing_build_notice(): void {
		if ( self::asset() || ! current_user_can( 'activate_plugins' ) ) {
			return;
		}
		echo '<div class="notice notice-error"><p>' . esc_html__( 'FC Catalogue: the editing screens are not built (build/index.js is missing). Install the zip made by “npm run wordpress:zip”, or run “npm run build” in wordpress/.', 'fc-catalogue' ) . '</p></div>';
	}
}
