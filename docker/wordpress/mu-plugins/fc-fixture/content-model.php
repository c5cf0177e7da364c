<?php
/**
 * FC's content types as docs/content-model.md describes them: six post types besides pages, two
 * product taxonomies, and every custom field registered for REST with a schema, in the order the
 * demo catalogue lists them.
 *
 * @package FC_Fixture
 */

defined( 'ABSPATH' ) || exit;

/** Post types by name: archive word (the permalink base) and REST base. */
function fc_fixture_post_types(): array {
	return array(
		'products'          => array( 'singular' => 'Product', 'plural' => 'Products', 'slug' => 'products', 'icon' => 'dashicons-products' ),
		'collections'       => array( 'singular' => 'Collection', 'plural' => 'Collections', 'slug' => 'collections', 'icon' => 'dashicons-screenoptions' ),
		'exclusives'        => array( 'singular' => 'Exclusive', 'plural' => 'Exclusives', 'slug' => 'exclusives', 'icon' => 'dashicons-star-filled' ),
		'designers'         => array( 'singular' => 'Designer', 'plural' => 'Designers', 'slug' => 'designers', 'icon' => 'dashicons-admin-users' ),
		'projects'          => array( 'singular' => 'Project', 'plural' => 'Projects', 'slug' => 'projects', 'icon' => 'dashicons-building' ),
		'imagemap_products' => array( 'singular' => 'Imagemap', 'plural' => 'Imagemaps', 'slug' => 'imagemaps', 'icon' => 'dashicons-location' ),
	);
}

function fc_fixture_taxonomies(): array {
	return array(
		'product_categories' => array( 'singular' => 'Category', 'plural' => 'Categories', 'slug' => 'product-categories' ),
		'product_colors'     => array( 'singular' => 'Colour', 'plural' => 'Colours', 'slug' => 'product-colors' ),
	);
}

add_action( 'init', 'fc_fixture_register_content_model', 5 );

function fc_fixture_register_content_model(): void {
	foreach ( fc_fixture_post_types() as $type => $def ) {
		register_post_type(
			$type,
			array(
				'labels'       => array(
					'name'          => $def['plural'],
					'singular_name' => $def['singular'],
				),
				'public'       => true,
				'show_in_rest' => true,
				'rest_base'    => $type,
				'has_archive'  => $def['slug'],
				'rewrite'      => array( 'slug' => $def['slug'], 'with_front' => false ),
				'menu_icon'    => $def['icon'],
				'supports'     => array( 'title', 'editor', 'excerpt', 'thumbnail', 'author', 'custom-fields', 'revisions', 'page-attributes' ),
				'taxonomies'   => 'products' === $type ? array_keys( fc_fixture_taxonomies() ) : array(),
			)
		);
	}

	foreach ( fc_fixture_taxonomies() as $taxonomy => $def ) {
		register_taxonomy(
			$taxonomy,
			array( 'products' ),
			array(
				'labels'            => array(
					'name'          => $def['plural'],
					'singular_name' => $def['singular'],
				),
				'public'            => true,
				// Both are hierarchical so that REST shows `parent` and takes `?parent=`, as the demo does.
				'hierarchical'      => true,
				'show_in_rest'      => true,
				'rest_base'         => $taxonomy,
				'show_admin_column' => true,
				'rewrite'           => array( 'slug' => $def['slug'], 'with_front' => false ),
			)
		);
	}

	$string  = array( 'type' => 'string' );
	$integer = array( 'type' => 'integer' );
	$ids     = array(
		'type'   => 'array',
		'schema' => array(
			'type'  => 'array',
			'items' => array( 'type' => 'integer' ),
		),
	);

	fc_fixture_post_meta(
		'products',
		array(
			'code'       => $string,
			'dimensions' => $string,
			'materials'  => $string,
			'designer'   => $integer,
			'collection' => $integer,
			'exclusive'  => $integer,
			'gallery'    => $ids,
			'related'    => $ids,
			'year'       => $integer,
		)
	);
	fc_fixture_post_meta(
		'collections',
		array(
			'subtitle' => $string,
			'designer' => $integer,
			'year'     => $integer,
		)
	);
	fc_fixture_post_meta(
		'exclusives',
		array(
			'subtitle' => $string,
			'partner'  => $string,
			'year'     => $integer,
		)
	);
	fc_fixture_post_meta(
		'designers',
		array(
			'role' => $string,
			'city' => $string,
		)
	);
	fc_fixture_post_meta(
		'projects',
		array(
			'location' => $string,
			'year'     => $integer,
			'imagemap' => $integer,
			'products' => $ids,
		)
	);
	fc_fixture_post_meta(
		'imagemap_products',
		array(
			'image'    => $integer,
			'hotspots' => array(
				'type'   => 'array',
				'schema' => array(
					'type'  => 'array',
					'items' => array(
						'type'       => 'object',
						'properties' => array(
							'product' => array( 'type' => 'integer' ),
							'x'       => array( 'type' => 'number', 'minimum' => 0, 'maximum' => 100 ),
							'y'       => array( 'type' => 'number', 'minimum' => 0, 'maximum' => 100 ),
						),
					),
				),
			),
		)
	);
	$text = array( 'type' => 'string' );
	fc_fixture_post_meta(
		'page',
		array(
			'hero_media'          => $integer,
			'tagline'             => $string,
			'featured_collections' => $ids,
			'featured_exclusives' => $ids,
			'imagemap'            => $integer,
			// The front page's company details; null on every other page (as the demo answers).
			'company'             => array(
				'type'    => 'object',
				'prepare' => 'fc_fixture_nullable_object',
				'schema'  => array(
					'type'       => 'object',
					'properties' => array(
						'name'       => $text,
						'legal_name' => $text,
						'address'    => $text,
						'city'       => $text,
						'country'    => $text,
						'vat'        => $text,
						'email'      => $text,
						'phone'      => $text,
						'social'     => array(
							'type'  => 'array',
							'items' => array(
								'type'       => 'object',
								'properties' => array(
									'network' => $text,
									'url'     => $text,
								),
							),
						),
					),
				),
			),
		)
	);

	register_term_meta(
		'product_categories',
		'image',
		array(
			'type'         => 'integer',
			'single'       => true,
			'show_in_rest' => true,
		)
	);
	register_term_meta(
		'product_colors',
		'hex',
		array(
			'type'              => 'string',
			'single'            => true,
			'show_in_rest'      => array( 'schema' => array( 'type' => 'string', 'pattern' => '^#[0-9A-Fa-f]{6}$' ) ),
			'sanitize_callback' => 'sanitize_hex_color',
		)
	);
}

/** register_post_meta for a list of single fields, each shown in REST with its schema. */
function fc_fixture_post_meta( string $post_type, array $fields ): void {
	foreach ( $fields as $key => $def ) {
		$show = true;
		if ( isset( $def['schema'] ) || isset( $def['prepare'] ) ) {
			$show = array();
			if ( isset( $def['schema'] ) ) {
				$show['schema'] = $def['schema'];
			}
			if ( isset( $def['prepare'] ) ) {
				$show['prepare_callback'] = $def['prepare'];
			}
		}
		register_post_meta(
			$post_type,
			$key,
			array(
				'type'          => $def['type'],
				'single'        => true,
				'show_in_rest'  => $show,
				'auth_callback' => static function ( $allowed, $meta_key, $object_id ) {
					return current_user_can( 'edit_post', $object_id );
				},
			)
		);
	}
}

/** An unset object field is null in REST (WordPress would send its empty value, `[]`). */
function fc_fixture_nullable_object( $value, $request, $args ) {
	if ( empty( $value ) ) {
		return null;
	}
	return WP_REST_Meta_Fields::prepare_value( $value, $request, $args );
}

// A theme without templates: the site renders everything; WordPress only needs a theme to exist.
add_action(
	'after_setup_theme',
	static function () {
		add_theme_support( 'post-thumbnails' );
		add_theme_support( 'menus' );
		register_nav_menus(
			array(
				'header' => 'Header',
				'footer' => 'Footer',
			)
		);
	}
);
