<?php
/**
 * FC's content types (the site reads them over REST: docs/content-model.md of the site): six post
 * types besides pages, the two product taxonomies, every field of FC_Catalogue_Fields registered
 * with register_post_meta / register_term_meta (shown in REST with a schema, sanitized, writable
 * only by who may edit the item), and the `header` / `footer` menu locations.
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Model {

	/**
	 * Post types by name: the permalink base, the menu icon, and whether an item has a page of
	 * its own on the site (designers and imagemaps are shown inside other pages: WordPress offers
	 * no "View" for them, which would open the WordPress host's empty theme).
	 */
	public static function post_types(): array {
		return array(
			'products'          => array( 'slug' => 'products', 'icon' => 'dashicons-products', 'viewable' => true ),
			'collections'       => array( 'slug' => 'collections', 'icon' => 'dashicons-screenoptions', 'viewable' => true ),
			'exclusives'        => array( 'slug' => 'exclusives', 'icon' => 'dashicons-star-filled', 'viewable' => true ),
			'designers'         => array( 'slug' => 'designers', 'icon' => 'dashicons-admin-users', 'viewable' => false ),
			'projects'          => array( 'slug' => 'projects', 'icon' => 'dashicons-building', 'viewable' => true ),
			'imagemap_products' => array( 'slug' => 'imagemaps', 'icon' => 'dashicons-location', 'viewable' => false ),
		);
	}

	public static function taxonomies(): array {
		return array(
			'product_categories' => array( 'slug' => 'product-categories' ),
			'product_colors'     => array( 'slug' => 'product-colors' ),
		);
	}

	public static function init(): void {
		add_action( 'init', array( __CLASS__, 'register' ), 5 );
		add_action( 'after_setup_theme', array( __CLASS__, 'register_menu_locations' ) );
	}

	public static function activate(): void {
		self::register();
		self::register_menu_locations();
		FC_Catalogue_Roles::grant();
		FC_Catalogue_Company_Pages::create_missing();
		flush_rewrite_rules( false );
	}

	public static function register(): void {
		foreach ( self::post_types() as $type => $def ) {
			register_post_type( $type, self::post_type_args( $type, $def ) );
		}
		foreach ( self::taxonomies() as $taxonomy => $def ) {
			register_taxonomy( $taxonomy, array( 'products' ), self::taxonomy_args( $taxonomy, $def ) );
		}
		foreach ( FC_Catalogue_Fields::post_fields() as $post_type => $fields ) {
			foreach ( $fields as $key => $field ) {
				register_post_meta( $post_type, $key, self::meta_args( $field ) );
			}
		}
		foreach ( FC_Catalogue_Fields::term_fields() as $taxonomy => $fields ) {
			foreach ( $fields as $key => $field ) {
				register_term_meta( $taxonomy, $key, self::meta_args( $field, 'edit_term' ) );
			}
		}
	}

	/**
	 * On after_setup_theme, where themes register theirs: Polylang adds each location's
	 * per-language twin (`header___it`) from what is registered by then.
	 */
	public static function register_menu_locations(): void {
		add_theme_support( 'post-thumbnails' ); // the featured image of every type (a headless theme may not declare it)
		register_nav_menus(
			array(
				'header' => __( 'Header', 'fc-catalogue' ),
				'footer' => __( 'Footer', 'fc-catalogue' ),
			)
		);
	}

	private static function post_type_args( string $type, array $def ): array {
		return array(
			'labels'             => FC_Catalogue_Labels::post_type( $type ),
			'public'             => true,
			'publicly_queryable' => $def['viewable'],
			'show_in_rest'       => true,
			'rest_base'          => $type,
			'has_archive'        => $def['slug'],
			'rewrite'            => array( 'slug' => $def['slug'], 'with_front' => false ),
			'menu_icon'          => $def['icon'],
			'supports'           => array( 'title', 'editor', 'excerpt', 'thumbnail', 'author', 'custom-fields', 'revisions', 'page-attributes' ),
			'taxonomies'         => 'products' === $type ? array_keys( self::taxonomies() ) : array(),
			// Products use the posts' capabilities (Authors write their own); the rest of the
			// catalogue is for Editors and Administrators (FC_Catalogue_Roles).
			'capability_type'    => 'products' === $type ? 'post' : FC_Catalogue_Roles::CAPABILITY_TYPE,
			'map_meta_cap'       => true,
		);
	}

	private static function taxonomy_args( string $taxonomy, array $def ): array {
		return array(
			// "Product categories", not "Categories": Appearance → Menus and its Screen Options
			// list them beside WordPress's own post categories.
			'labels'            => FC_Catalogue_Labels::taxonomy( $taxonomy ),
			'public'            => true,
			// Hierarchical, so that REST shows `parent` and takes `?parent=`.
			'hierarchical'      => true,
			'show_in_rest'      => true,
			'rest_base'         => $taxonomy,
			'show_admin_column' => true,
			'rewrite'           => array( 'slug' => $def['slug'], 'with_front' => false ),
		);
	}

	/** register_*_meta arguments for one field: type, REST schema, sanitizing, who may write it. */
	private static function meta_args( array $field, string $edit_cap = 'edit_post' ): array {
		$schema = self::schema( $field['kind'] );
		$show   = array( 'schema' => $schema );
		if ( 'company' === $field['kind'] ) {
			$show['prepare_callback'] = array( __CLASS__, 'nullable_object' );
		}
		return array(
			'type'              => $schema['type'],
			'single'            => true,
			'show_in_rest'      => $show,
			'sanitize_callback' => static fn( $value ) => self::sanitize( $field['kind'], $value ),
			'auth_callback'     => static fn( $allowed, $meta_key, $object_id ) => current_user_can( $edit_cap, $object_id ),
		);
	}

	/** The REST schema of a kind of field. Ranges and relations are checked by FC_Catalogue_Validation, with a message an editor understands. */
	public static function schema( string $kind ): array {
		$text = array( 'type' => 'string' );
		switch ( $kind ) {
			case 'text':
				return $text;
			case 'hex':
				return array( 'type' => 'string', 'pattern' => '^(#[0-9A-Fa-f]{6})?$' );
			case 'year':
			case 'relation':
			case 'image':
				return array( 'type' => 'integer' );
			case 'relations':
			case 'gallery':
				return array(
					'type'  => 'array',
					'items' => array( 'type' => 'integer' ),
				);
			case 'hotspots':
				return array(
					'type'  => 'array',
					'items' => array(
						'type'       => 'object',
						'properties' => array(
							'product' => array( 'type' => 'integer' ),
							'x'       => array( 'type' => 'number' ),
							'y'       => array( 'type' => 'number' ),
						),
					),
				);
			case 'company':
				$properties = array_map( static fn() => $text, FC_Catalogue_Fields::company_parts() );
				$properties['social'] = array(
					'type'  => 'array',
					'items' => array(
						'type'       => 'object',
						'properties' => array(
							'network' => $text,
							'url'     => $text,
						),
					),
				);
				return array(
					'type'       => 'object',
					'properties' => $properties,
				);
		}
		return $text;
	}

	/** What is stored: trimmed text, whole non-negative ids, ordered id lists without repeats. */
	public static function sanitize( string $kind, $value ) {
		switch ( $kind ) {
			case 'text':
				return sanitize_text_field( (string) $value );
			case 'hex':
				$value = trim( (string) $value );
				return '' === $value ? '' : (string) sanitize_hex_color( $value );
			case 'year':
			case 'relation':
			case 'image':
				return absint( $value );
			case 'relations':
			case 'gallery':
				return self::ids( $value );
			case 'hotspots':
				$out = array();
				foreach ( is_array( $value ) ? $value : array() as $spot ) {
					if ( is_array( $spot ) ) {
						$out[] = array(
							'product' => absint( $spot['product'] ?? 0 ),
							'x'       => round( (float) ( $spot['x'] ?? 0 ), 2 ),
							'y'       => round( (float) ( $spot['y'] ?? 0 ), 2 ),
						);
					}
				}
				return $out;
			case 'company':
				if ( ! is_array( $value ) ) {
					return null;
				}
				$out = array();
				foreach ( array_keys( FC_Catalogue_Fields::company_parts() ) as $part ) {
					$out[ $part ] = 'email' === $part ? sanitize_email( (string) ( $value[ $part ] ?? '' ) ) : sanitize_text_field( (string) ( $value[ $part ] ?? '' ) );
				}
				$out['social'] = array();
				foreach ( is_array( $value['social'] ?? null ) ? $value['social'] : array() as $link ) {
					if ( is_array( $link ) && '' !== trim( (string) ( $link['url'] ?? '' ) ) ) {
						$out['social'][] = array(
							'network' => sanitize_text_field( (string) ( $link['network'] ?? '' ) ),
							'url'     => esc_url_raw( trim( (string) $link['url'] ), array( 'http', 'https' ) ),
						);
					}
				}
				return $out;
		}
		return $value;
	}

	/** Positive ids in their order, each once. */
	public static function ids( $value ): array {
		$ids = array();
		foreach ( is_array( $value ) ? $value : array() as $id ) {
			$id = absint( $id );
			if ( $id > 0 && ! in_array( $id, $ids, true ) ) {
				$ids[] = $id;
			}
		}
		return $ids;
	}

	/** An unset object field is null in REST (WordPress would send its empty value, `[]`). */
	public static function nullable_object( $value, $request, $args ) {
		if ( empty( $value ) ) {
			return null;
		}
		return WP_REST_Meta_Fields::prepare_value( $value, $request, $args );
	}
}
