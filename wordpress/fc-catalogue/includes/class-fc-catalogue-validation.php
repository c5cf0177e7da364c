<?php
/**
 * What an editor may not save, checked on the server before anything is stored, each with a
 * message naming the field, in the editor's language: a relation to an item of the wrong type, of
 * the other language, or one the user may not read; a hotspot outside the scene image or without a
 * product; a gallery item that is not an image, or an image the user may not attach (one attached
 * to an unpublished item they cannot edit: using it would move it onto their item); a product code
 * another product already has (a translation shares its code); a company email or social link that
 * would otherwise be dropped silently. The block editor shows the message ("Updating failed. …")
 * and keeps everything the editor typed; REST clients get a 400 `fc_catalogue_invalid` with
 * `data.field`.
 *
 * Only what the request changes is checked: a relation already stored (a designer trashed since,
 * a product unpublished since) never blocks saving the item's other fields; the editing screen
 * shows it as such, with a way to clear it. A message names an item only if the user may read it
 * (otherwise "#51 is not a designer.", nothing more).
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
		$post_id   = (int) ( $prepared->ID ?? 0 );
		$post_type = (string) ( $prepared->post_type ?? ( $post_id ? get_post_type( $post_id ) : '' ) );
		if ( '' === $post_type ) {
			$post_type = (string) get_post_type( (int) $request->get_param( 'id' ) );
		}
		$meta  = $request->get_param( 'meta' );
		$error = is_array( $meta ) && $meta ? self::check( $post_type, $post_id, self::language_of( $post_id, $request ), $meta ) : null;
		return $error ?? self::featured_image_error( $request, $post_id ) ?? $prepared;
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
			$stored  = $post_id ? get_post_meta( $post_id, $key, true ) : null;
			$problem = self::field_problem( $key, $field, $post_type, $post_id, $lang, $meta[ $key ], $stored );
			if ( null !== $problem ) {
				return self::error( $field['label'], $problem, $key );
			}
		}
		return null;
	}

	/** Why one field's new value cannot be saved (null: it can). */
	private static function field_problem( string $key, array $field, string $post_type, int $post_id, string $lang, $raw, $stored ): ?string {
		$value = FC_Catalogue_Model::sanitize( $field['kind'], $raw );
		switch ( $field['kind'] ) {
			case 'relation':
			case 'relations':
				return self::first( self::added( $field['kind'], $value, $stored ), static fn( $id ) => self::relation_problem( $id, $field['target'], $lang ) );
			case 'image':
			case 'gallery':
				$kind = 'image' === $field['kind'] ? 'relation' : 'relations';
				return self::first( self::added( $kind, $value, $stored ), static fn( $id ) => self::image_problem( $id, $post_id ) );
			case 'hotspots':
				return self::hotspots_problem( $raw, $lang, FC_Catalogue_Relations::ids( 'hotspots', $stored ) );
			case 'text':
				return 'code' === $key && 'products' === $post_type && $value !== $stored ? self::code_problem( (string) $value, $post_id, $lang ) : null;
			case 'company':
				return self::company_problem( $raw );
		}
		return null;
	}

	/** The request's featured image (`featured_media`), when it changes: an image the user may attach. */
	private static function featured_image_error( WP_REST_Request $request, int $post_id ): ?WP_Error {
		$image = absint( $request->get_param( 'featured_media' ) );
		if ( ! $image || ( $post_id && (int) get_post_thumbnail_id( $post_id ) === $image ) ) {
			return null;
		}
		$problem = self::image_problem( $image, $post_id );
		return null === $problem ? null : self::error( __( 'Featured image', 'fc-catalogue' ), $problem, 'featured_media' );
	}

	private static function error( string $label, string $problem, string $field ): WP_Error {
		/* translators: 1: a field's name (Designer, Gallery, …), 2: what is wrong with its value */
		return new WP_Error( 'fc_catalogue_invalid', sprintf( __( '%1$s: %2$s', 'fc-catalogue' ), $label, $problem ), array( 'status' => 400, 'field' => $field ) );
	}

	/** Ids in a relation-like value that the stored value does not have (the user's new choices). @return int[] */
	private static function added( string $kind, $value, $stored ): array {
		return array_values( array_diff( FC_Catalogue_Relations::ids( $kind, $value ), FC_Catalogue_Relations::ids( $kind, $stored ) ) );
	}

	/** The first problem `$check` finds among `$ids`. */
	private static function first( array $ids, callable $check ): ?string {
		foreach ( $ids as $id ) {
			$problem = $check( (int) $id );
			if ( null !== $problem ) {
				return $problem;
			}
		}
		return null;
	}

	/** Why `$id` cannot be a `$target` of this language (null: it can). */
	public static function relation_problem( int $id, string $target, string $lang ): ?string {
		$post = get_post( $id );
		if ( ! $post || ! FC_Catalogue_Relations::readable( $post ) ) {
			/* translators: 1: an item's id, 2: a kind of item with its article, e.g. "a designer" */
			return sprintf( __( '#%1$d is not %2$s.', 'fc-catalogue' ), $id, FC_Catalogue_Labels::an_item( $target ) );
		}
		$name = FC_Catalogue_Relations::name( $post );
		if ( $post->post_type !== $target ) {
			/* translators: 1: an item's title in quotes, 2: the kind it is, 3: the kind the field wants, each with its article */
			return sprintf( __( '%1$s is %2$s, not %3$s.', 'fc-catalogue' ), $name, FC_Catalogue_Labels::an_item( $post->post_type ), FC_Catalogue_Labels::an_item( $target ) );
		}
		if ( 'trash' === $post->post_status ) {
			/* translators: %s: an item's title in quotes */
			return sprintf( __( '%s is in the trash: restore it, or choose another item.', 'fc-catalogue' ), $name );
		}
		$theirs = self::post_language( $id );
		if ( '' !== $lang && '' !== $theirs && $theirs !== $lang ) {
			/* translators: 1: an item's title in quotes, 2: its language, 3: the language of the item being edited */
			return sprintf( __( '%1$s is in %2$s; choose the one in %3$s.', 'fc-catalogue' ), $name, self::language_name( $theirs ), self::language_name( $lang ) );
		}
		return null;
	}

	/**
	 * Why `$id` cannot be an image of post `$post_id`: not an image, or one the user may not attach
	 * (attached to another item that is not published, which they may not edit: on publishing,
	 * FC_Catalogue_Media would move it onto this item and show it to everyone).
	 */
	private static function image_problem( int $id, int $post_id ): ?string {
		$image = get_post( $id );
		if ( ! $image || 'attachment' !== $image->post_type || ! wp_attachment_is_image( $image ) ) {
			/* translators: %d: a media library item's id */
			return sprintf( __( '#%d is not an image in the media library.', 'fc-catalogue' ), $id );
		}
		if ( ! FC_Catalogue_Media::may_attach( $image, $post_id, get_current_user_id() ) ) {
			/* translators: %d: a media library item's id */
			return sprintf( __( 'you may not use image #%d here: it is attached to an item you cannot edit. Upload your own copy, or choose an image that is not attached to anything.', 'fc-catalogue' ), $id );
		}
		return null;
	}

	/** Hotspots: each a point on the scene with a product; only products not stored before are looked up. */
	private static function hotspots_problem( $spots, string $lang, array $stored_products ): ?string {
		foreach ( is_array( $spots ) ? array_values( $spots ) : array() as $index => $spot ) {
			$n = $index + 1;
			if ( ! is_array( $spot ) ) {
				/* translators: %d: a hotspot's number */
				return sprintf( __( 'hotspot %d is not a point.', 'fc-catalogue' ), $n );
			}
			foreach ( array( 'x', 'y' ) as $axis ) {
				$v = $spot[ $axis ] ?? null;
				if ( ! is_numeric( $v ) || (float) $v < 0 || (float) $v > 100 ) {
					/* translators: 1: a hotspot's number, 2: x or y */
					return sprintf( __( 'hotspot %1$d is outside the image (%2$s must be between 0 and 100 %%).', 'fc-catalogue' ), $n, $axis );
				}
			}
			$product = absint( $spot['product'] ?? 0 );
			if ( ! $product ) {
				/* translators: %d: a hotspot's number */
				return sprintf( __( 'hotspot %d has no product; choose one or remove the hotspot.', 'fc-catalogue' ), $n );
			}
			$problem = in_array( $product, $stored_products, true ) ? null : self::relation_problem( $product, 'products', $lang );
			if ( null !== $problem ) {
				/* translators: 1: a hotspot's number, 2: what is wrong with its product */
				return sprintf( __( 'hotspot %1$d: %2$s', 'fc-catalogue' ), $n, $problem );
			}
		}
		return null;
	}

	/** The front page's company details: what sanitizing would drop is refused instead. */
	private static function company_problem( $company ): ?string {
		if ( ! is_array( $company ) ) {
			return null;
		}
		$email = trim( (string) ( $company['email'] ?? '' ) );
		if ( '' !== $email && ! is_email( $email ) ) {
			/* translators: %s: what was typed as the company's email address */
			return sprintf( __( '“%s” is not an email address.', 'fc-catalogue' ), $email );
		}
		foreach ( array_values( is_array( $company['social'] ?? null ) ? $company['social'] : array() ) as $index => $link ) {
			$url = is_array( $link ) ? trim( (string) ( $link['url'] ?? '' ) ) : '';
			if ( '' !== $url && '' === esc_url_raw( $url, array( 'http', 'https' ) ) ) {
				/* translators: 1: a social link's number, 2: what was typed as its address */
				return sprintf( __( 'social link %1$d, “%2$s”, is not a web address: write it in full, starting with https://.', 'fc-catalogue' ), $index + 1, $url );
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
		$other = get_post( $others[0] );
		if ( ! FC_Catalogue_Relations::readable( $other ) ) {
			/* translators: 1: a product code, 2: the id of the product that has it */
			return sprintf( __( '%1$s is already the code of product #%2$d.', 'fc-catalogue' ), $code, $other->ID );
		}
		/* translators: 1: a product code, 2: the title of the product that has it, in quotes, 3: its id */
		return sprintf( __( '%1$s is already the code of %2$s (#%3$d).', 'fc-catalogue' ), $code, FC_Catalogue_Relations::name( $other ), $other->ID );
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
