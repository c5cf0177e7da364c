<?php
/**
 * Languages through Polylang's API (`pll_*` functions), each call guarded by function_exists:
 * without Polylang every item is in the default language (FC_HEADLESS_DEFAULT_LANG, "en") and
 * has no translations. Also which WordPress types the site knows, by their REST base.
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || exit;

final class FC_Headless_Languages {

	/** REST bases of the site's post types, and the taxonomies. */
	const POST_BASES = array( 'products', 'collections', 'exclusives', 'designers', 'projects', 'imagemap_products', 'pages', 'media' );
	const TAXONOMIES = array( 'product_categories', 'product_colors' );

	public static function default_language(): string {
		if ( function_exists( 'pll_default_language' ) ) {
			$lang = pll_default_language();
			if ( is_string( $lang ) && '' !== $lang ) {
				return $lang;
			}
		}
		return defined( 'FC_HEADLESS_DEFAULT_LANG' ) ? (string) FC_HEADLESS_DEFAULT_LANG : 'en';
	}

	/** Language slugs ("en", "it"). */
	public static function languages(): array {
		if ( function_exists( 'pll_languages_list' ) ) {
			$list = pll_languages_list( array( 'fields' => 'slug' ) );
			if ( is_array( $list ) && $list ) {
				return array_values( array_map( 'strval', $list ) );
			}
		}
		return array( self::default_language() );
	}

	public static function has_polylang(): bool {
		return function_exists( 'pll_get_post_language' );
	}

	public static function post_language( int $post_id ): string {
		if ( function_exists( 'pll_get_post_language' ) ) {
			$lang = pll_get_post_language( $post_id );
			if ( is_string( $lang ) && '' !== $lang ) {
				return $lang;
			}
		}
		return self::default_language();
	}

	public static function term_language( int $term_id ): string {
		if ( function_exists( 'pll_get_term_language' ) ) {
			$lang = pll_get_term_language( $term_id );
			if ( is_string( $lang ) && '' !== $lang ) {
				return $lang;
			}
		}
		return self::default_language();
	}

	/** `[lang => id]`, the item itself included. */
	public static function post_translations( int $post_id ): array {
		$out = array();
		if ( function_exists( 'pll_get_post_translations' ) ) {
			foreach ( (array) pll_get_post_translations( $post_id ) as $lang => $id ) {
				if ( (int) $id > 0 ) {
					$out[ (string) $lang ] = (int) $id;
				}
			}
		}
		if ( ! $out ) {
			$out[ self::post_language( $post_id ) ] = $post_id;
		}
		return $out;
	}

	public static function term_translations( int $term_id ): array {
		$out = array();
		if ( function_exists( 'pll_get_term_translations' ) ) {
			foreach ( (array) pll_get_term_translations( $term_id ) as $lang => $id ) {
				if ( (int) $id > 0 ) {
					$out[ (string) $lang ] = (int) $id;
				}
			}
		}
		if ( ! $out ) {
			$out[ self::term_language( $term_id ) ] = $term_id;
		}
		return $out;
	}

	/** The translation of a post in `$lang`, or 0. */
	public static function post_in( int $post_id, string $lang ): int {
		if ( self::post_language( $post_id ) === $lang ) {
			return $post_id;
		}
		return self::post_translations( $post_id )[ $lang ] ?? 0;
	}

	/** The webhook type of a post type ("page" → "pages", "attachment" → "media"), or null. */
	public static function post_base( string $post_type ): ?string {
		$object = get_post_type_object( $post_type );
		if ( ! $object ) {
			return null;
		}
		$base = is_string( $object->rest_base ) && '' !== $object->rest_base ? $object->rest_base : $post_type;
		if ( 'page' === $post_type ) {
			$base = 'pages';
		} elseif ( 'attachment' === $post_type ) {
			$base = 'media';
		}
		$bases = apply_filters( 'fc_headless_post_bases', self::POST_BASES );
		return in_array( $base, (array) $bases, true ) ? $base : null;
	}

	/** The post type of a webhook type / REST base ("pages" → "page"), or null. */
	public static function post_type_of_base( string $base ): ?string {
		foreach ( get_post_types( array(), 'objects' ) as $type ) {
			if ( self::post_base( $type->name ) === $base ) {
				return $type->name;
			}
		}
		return null;
	}

	public static function is_site_taxonomy( string $taxonomy ): bool {
		return in_array( $taxonomy, (array) apply_filters( 'fc_headless_taxonomies', self::TAXONOMIES ), true );
	}

	/** The site's post types that exist here (by name). */
	public static function post_types(): array {
		$out = array();
		foreach ( get_post_types( array(), 'names' ) as $name ) {
			if ( self::post_base( $name ) ) {
				$out[] = $name;
			}
		}
		return $out;
	}

	public static function taxonomies(): array {
		return array_values( array_filter( (array) apply_filters( 'fc_headless_taxonomies', self::TAXONOMIES ), 'taxonomy_exists' ) );
	}
}
