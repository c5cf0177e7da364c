<?php
/**
 * What an editor may not save, checked on the server before anything is stored, each with a
 * message naming the field: a relation to an item of the wrong type or of the other language, a
 * hotspot outside the scene image or without a product, a gallery item that is not an image, a
 * product code another product already has (a translation shares its code). The block editor
 * shows the message ("Updating failed. …") and keeps everything the editor typed; REST clients
 * get a 400 `fc_catalogue_invalid` with `data.field`.
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Validation {

	public static function init(): void {
		foreach ( array_keys( FC_Catalogue_Fields::post_fields() ) as $post_type ) {
			add_filter( "rest_pre_insert_{$post_type}", array( __CLASS__, 'check_request' ), 10, 2 );
		}
	}

	/** rest_pre_insert_{type}: the post as it will be saved, or the first problem found. */
	public static function check_request( $prepared, $request ) {
		if ( is_wp_error( $prepared ) || ! $request instanceof WP_REST_Request ) {
			return $prepared;
		}
		$meta = $request->get_param( 'meta' );
		if ( ! is_array( $meta ) || ! $meta ) {
			return $prepared;
		}
		$post_id   = (int) ( $prepared->ID ?? 0 );
		$post_type = (string) ( $prepared->post_type ?? ( $post_id ? get_post_type( $post_id ) : '' ) );
		if ( '' === $post_type ) {
			$post_type = (string) get_post_type( (int) $request->get_param( 'id' ) );
		}
		$lang  = self::language_of( $post_id, $request );
		$error = self::check( $post_type, $post_id, $lang, $meta );
		return $error ?? $prepared;
	}

	/**
	 * The first problem with these field values of a post (null: none). `$lang` is the post's
	 * language ('' when there is no language plugin or it is not known yet).
	 */
	public static function check( string $post_type, int $post_id, string $lang, array $meta ): ?WP_Error {
		foreach ( FC_Catalogue_Fields::of( $post_type ) as $key => $field ) {
			if ( ! array_key_exists( $key, $meta ) ) {
				continue;
			}
			$value = FC_Catalogue_Model::sanitize( $field['kind'], $meta[ $key ] );
			$label = $field['label'];
			switch ( $field['kind'] ) {
				case 'relation':
					$problem = $value ? self::relation_problem( (int) $value, $field['target'], $lang ) : null;
					break;
				case 'relations':
					$problem = null;
					foreach ( $value as $id ) {
						$problem = $problem ?? self::relation_problem( $id, $field['target'], $lang );
					}
					break;
				case 'image':
					$problem = $value ? self::image_problem( (int) $value ) : null;
					break;
				case 'gallery':
					$problem = null;
					foreach ( $value as $id ) {
						$problem = $problem ?? self::image_problem( $id );
					}
					break;
				case 'hotspots':
					$problem = self::hotspots_problem( $meta[ $key ], $lang );
					break;
				case 'text':
					$problem = 'code' === $key && 'products' === $post_type ? self::code_problem( (string) $value, $post_id, $lang ) : null;
					break;
				default:
					$problem = null;
			}
			if ( null !== $problem ) {
				return new WP_Error( 'fc_catalogue_invalid', "{$label}: {$problem}", array( 'status' => 400, 'field' => $key ) );
			}
		}
		return null;
	}

	/** Why `$id` cannot be a `$target` of this language (null: it can). */
	public static function relation_problem( int $id, string $target, string $lang ): ?string {
		$post = get_post( $id );
		$want = self::singular( $target );
		if ( ! $post || 'trash' === $post->post_status ) {
			return "there is no {$want} #{$id}.";
		}
		$title = '' === $post->post_title ? "#{$id}" : "“{$post->post_title}”";
		if ( $post->post_type !== $target ) {
			return "{$title} is " . self::article( self::singular( $post->post_type ) ) . ", not " . self::article( $want ) . '.';
		}
		$theirs = self::post_language( $id );
		if ( '' !== $lang && '' !== $theirs && $theirs !== $lang ) {
			return "{$title} is in " . self::language_name( $theirs ) . '; choose the ' . self::language_name( $lang ) . ' one.';
		}
		return null;
	}

	private static function image_problem( int $id ): ?string {
		$post = get_post( $id );
		if ( ! $post || 'attachment' !== $post->post_type || ! wp_attachment_is_image( $post ) ) {
			return "#{$id} is not an image in the media library.";
		}
		return null;
	}

	private static function hotspots_problem( $spots, string $lang ): ?string {
		foreach ( is_array( $spots ) ? array_values( $spots ) : array() as $index => $spot ) {
			$n = $index + 1;
			if ( ! is_array( $spot ) ) {
				return "hotspot {$n} is not a point.";
			}
			foreach ( array( 'x', 'y' ) as $axis ) {
				$v = $spot[ $axis ] ?? null;
				if ( ! is_numeric( $v ) || (float) $v < 0 || (float) $v > 100 ) {
					return "hotspot {$n} is outside the image ({$axis} must be between 0 and 100 %).";
				}
			}
			$product = absint( $spot['product'] ?? 0 );
			if ( ! $product ) {
				return "hotspot {$n} has no product; choose one or remove the hotspot.";
			}
			$problem = self::relation_problem( $product, 'products', $lang );
			if ( null !== $problem ) {
				return "hotspot {$n}: {$problem}";
			}
		}
		return null;
	}

	/** A product code is one product's (its translations share it). */
	private static function code_problem( string $code, int $post_id, string $lang ): ?string {
		if ( '' === $code ) {
			return null;
		}
		$same = get_posts(
			array(
				'post_type'        => 'products',
				'post_status'      => array( 'publish', 'future', 'draft', 'pending', 'private' ),
				'meta_key'         => 'code', // phpcs:ignore WordPress.DB.SlowDBQuery
				'meta_value'       => $code, // phpcs:ignore WordPress.DB.SlowDBQuery
				'fields'           => 'ids',
				'numberposts'      => 20,
				'lang'             => '', // every language
				'suppress_filters' => false,
			)
		);
		$mine   = $post_id ? self::translations( $post_id ) : array();
		$others = array_values( array_filter( array_map( 'intval', $same ), static fn( $other ) => $other !== $post_id && ! in_array( $other, $mine, true ) ) );
		if ( ! $others ) {
			return null;
		}
		// Name the one in the editor's language when there is one (the other product's translation may come first).
		usort( $others, static fn( $a, $b ) => (int) ( self::post_language( $b ) === $lang ) <=> (int) ( self::post_language( $a ) === $lang ) );
		$title = get_the_title( $others[0] );
		return "{$code} is already the code of “{$title}” (#{$others[0]}).";
	}

	private static function language_of( int $post_id, WP_REST_Request $request ): string {
		$lang = $post_id ? self::post_language( $post_id ) : '';
		if ( '' === $lang && is_string( $request->get_param( 'lang' ) ) ) {
			$lang = (string) $request->get_param( 'lang' );
		}
		return $lang;
	}

	private static function post_language( int $id ): string {
		return function_exists( 'pll_get_post_language' ) ? (string) pll_get_post_language( $id ) : '';
	}

	private static function translations( int $id ): array {
		return function_exists( 'pll_get_post_translations' ) ? array_map( 'intval', array_values( (array) pll_get_post_translations( $id ) ) ) : array();
	}

	private static function singular( string $post_type ): string {
		$object = get_post_type_object( $post_type );
		return strtolower( $object ? (string) $object->labels->singular_name : $post_type );
	}

	private static function article( string $noun ): string {
		return ( preg_match( '/^[aeiou]/i', $noun ) ? 'an ' : 'a ' ) . $noun;
	}

	private static function language_name( string $slug ): string {
		if ( function_exists( 'pll_languages_list' ) ) {
			$names = (array) pll_languages_list( array( 'fields' => 'name' ) );
			$slugs = (array) pll_languages_list( array( 'fields' => 'slug' ) );
			$index = array_search( $slug, $slugs, true );
			if ( false !== $index && ! empty( $names[ $index ] ) ) {
				return (string) $names[ $index ];
			}
		}
		return $slug;
	}
}
