<?php
/**
 * Polylang (free): which fields are the same in both languages. When an editor adds a
 * translation (the "+" of the Languages column or panel), Polylang copies the fields this class
 * names (`pll_copy_post_metas`, `pll_copy_term_metas`) and each relation is mapped to the item's
 * translation in the new language (`pll_translate_post_meta`): a product's Designer becomes the
 * Italian designer, its Gallery the same images (their translations when Polylang translates media). A relation without a translation yet is
 * left out, not pointed at the other language. Text an editor writes per language (Materials,
 * Subtitle, Tagline, …) is not copied.
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Translations {

	public static function init(): void {
		add_filter( 'pll_copy_post_metas', array( __CLASS__, 'post_metas' ), 10, 3 );
		add_filter( 'pll_translate_post_meta', array( __CLASS__, 'translate_post_meta' ), 10, 5 );
		add_filter( 'pll_copy_term_metas', array( __CLASS__, 'term_metas' ), 10, 3 );
	}

	/** The language-neutral meta keys of the post being translated, added to Polylang's list. */
	public static function post_metas( $keys, $sync = false, $from = 0 ): array {
		$keys = is_array( $keys ) ? $keys : array();
		$type = get_post_type( (int) $from );
		return array_values( array_unique( array_merge( $keys, FC_Catalogue_Fields::neutral_keys( FC_Catalogue_Fields::of( (string) $type ) ) ) ) );
	}

	public static function term_metas( $keys, $sync = false, $from = 0 ): array {
		$keys = is_array( $keys ) ? $keys : array();
		$term = get_term( (int) $from );
		if ( $term instanceof WP_Term ) {
			$keys = array_merge( $keys, FC_Catalogue_Fields::neutral_keys( FC_Catalogue_Fields::term_fields()[ $term->taxonomy ] ?? array() ) );
		}
		return array_values( array_unique( $keys ) );
	}

	/** A copied relation points at the item's translation in `$lang`. */
	public static function translate_post_meta( $value, $key, $lang, $from = 0, $to = 0 ) {
		$field = FC_Catalogue_Fields::of( (string) get_post_type( (int) $from ) )[ $key ] ?? null;
		if ( ! $field || ! function_exists( 'pll_get_post' ) ) {
			return $value;
		}
		return self::map( $field['kind'], $value, (string) $lang );
	}

	/** One field's value with every related item replaced by its translation in `$lang`. */
	public static function map( string $kind, $value, string $lang ) {
		$translate = static fn( $id ) => (int) pll_get_post( (int) $id, $lang );
		switch ( $kind ) {
			case 'relation':
				return $value ? $translate( $value ) : $value;
			case 'relations':
				return array_values( array_filter( array_map( $translate, (array) $value ) ) );
			case 'hotspots':
				$out = array();
				foreach ( (array) $value as $spot ) {
					$product = is_array( $spot ) ? $translate( $spot['product'] ?? 0 ) : 0;
					if ( $product ) {
						$out[] = array_merge( $spot, array( 'product' => $product ) );
					}
				}
				return $out;
			case 'image':
				// With media translated (Polylang's option) the image's translation, else the same image.
				return $value ? ( $translate( $value ) ?: (int) $value ) : $value;
			case 'gallery':
				return array_map( static fn( $id ) => $translate( $id ) ?: (int) $id, (array) $value );
		}
		return $value; // codes, years, company details: the same in every language
	}
}
